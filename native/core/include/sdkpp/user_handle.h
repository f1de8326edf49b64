// A live view of a user. The handle's getters arrive with the social layer; the nested
// AvatarType enum is part of the public surface already.
#pragma once

#include <cstdint>

#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"

namespace sdkpp {

class UserHandle {
 public:
  enum class AvatarType : int32_t { SDKPP_ENUM_LIST_USER_HANDLE_AVATAR_TYPE(SDKPP_ENUM_MEMBER) };
};

const char* EnumToString(UserHandle::AvatarType value);

}  // namespace sdkpp
