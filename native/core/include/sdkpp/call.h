// A voice call. The call API itself arrives with the voice work; its enums and their
// string helpers are part of the public surface already.
#pragma once

#include <cstdint>

#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"

namespace sdkpp {

class Call {
 public:
  enum class Status : int32_t { SDKPP_ENUM_LIST_CALL_STATUS(SDKPP_ENUM_MEMBER) };
  enum class Error : int32_t { SDKPP_ENUM_LIST_CALL_ERROR(SDKPP_ENUM_MEMBER) };

  static const char* StatusToString(Status value);
  static const char* ErrorToString(Error value);
};

const char* EnumToString(Call::Status value);
const char* EnumToString(Call::Error value);

}  // namespace sdkpp
