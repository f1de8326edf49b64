// The SDK's version; kept equal to package.json's "version" by a test.
#pragma once

#define SDKPP_VERSION_MAJOR 0
#define SDKPP_VERSION_MINOR 1
#define SDKPP_VERSION_PATCH 0
// The build passes the commit it was built from; "unknown" outside a git checkout.
#ifndef SDKPP_VERSION_HASH
#define SDKPP_VERSION_HASH "unknown"
#endif
