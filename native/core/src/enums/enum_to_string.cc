// EnumToString for every enum, generated from the lists in detail/enum_lists.h.
#include "sdkpp/call.h"
#include "sdkpp/client.h"
#include "sdkpp/enums.h"
#include "sdkpp/user_handle.h"

namespace sdkpp {

#define SDKPP_ENUM_CASE(name, value) \
  case value:                        \
    return #name;
#define SDKPP_DEFINE_ENUM_TO_STRING(Type, jsName, LIST) \
  const char* EnumToString(Type value) {                \
    switch (static_cast<int32_t>(value)) {              \
      LIST(SDKPP_ENUM_CASE)                             \
      default:                                          \
        return "unknown";                               \
    }                                                   \
  }
#define SDKPP_DEFINE_NESTED_ENUM_TO_STRING(Type, jsOwner, jsName, LIST) \
  SDKPP_DEFINE_ENUM_TO_STRING(Type, jsName, LIST)

SDKPP_FOR_EACH_NAMESPACE_ENUM(SDKPP_DEFINE_ENUM_TO_STRING)
SDKPP_FOR_EACH_NESTED_ENUM(SDKPP_DEFINE_NESTED_ENUM_TO_STRING)

const char* Call::StatusToString(Status value) { return EnumToString(value); }
const char* Call::ErrorToString(Error value) { return EnumToString(value); }

}  // namespace sdkpp
