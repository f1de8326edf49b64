// Umbrella header of the sdkpp C++ core.
#pragma once

#include "sdkpp/activity.h"
#include "sdkpp/activity_invite.h"
#include "sdkpp/authorization_args.h"
#include "sdkpp/authorization_code.h"
#include "sdkpp/call.h"
#include "sdkpp/client.h"
#include "sdkpp/client_create_options.h"
#include "sdkpp/client_result.h"
#include "sdkpp/enums.h"
#include "sdkpp/user_handle.h"
#include "sdkpp/version.h"
