// X-macro helpers: every enum is declared once as a list of (Name, Value) pairs, and the
// enum, its EnumToString and the N-API export are all generated from that one list, so the
// three can never drift apart.
#pragma once

#define SDKPP_ENUM_MEMBER(name, value) name = value,
