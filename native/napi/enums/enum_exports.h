// The enums as frozen JS objects ({Name: value}), generated from the same lists as the C++
// enums, and the membership test used when JS passes an enum value in.
#pragma once

#include <napi.h>

#include <cstring>

#include "sdkpp/call.h"
#include "sdkpp/client.h"
#include "sdkpp/enums.h"
#include "sdkpp/user_handle.h"

namespace sdkpp::napi {

template <class E>
bool IsEnumMember(int32_t value) {
  return std::strcmp(EnumToString(static_cast<E>(value)), "unknown") != 0;
}

// Namespace-level enums go on `exports`; nested ones (Client.Status, ...) on
// `exports.nestedEnums.<Owner>.<Name>` for the façade to attach to its classes.
void ExportEnums(Napi::Env env, Napi::Object exports);

}  // namespace sdkpp::napi
