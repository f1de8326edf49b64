// Constructors of the types that only the SDK hands out (no public constructor).
#pragma once

#include <string>

#include "sdkpp/authorization_code.h"

namespace sdkpp::detail {

struct VerifierFactory {
  static AuthorizationCodeVerifier Make(std::string verifier, std::string challenge);
};

}  // namespace sdkpp::detail
