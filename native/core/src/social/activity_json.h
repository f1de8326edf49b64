// Rich presence on the wire: the service's activity object (spec: "Activity (rich presence)")
// and its activity invite object, and the checks the service applies to SET_ACTIVITY.
//
// Activity JSON (keys with a null or empty value are omitted; an invalid part is omitted):
//   {"name": str, "type": int, "state": str, "state_url": str, "details": str,
//    "details_url": str, "status_display_type": int,
//    "application_id": "<decimal id>", "parent_application_id": "<decimal id>",
//    "assets": {"large_image", "large_text", "large_url", "small_image", "small_text",
//               "small_url", "invite_cover_image": str},
//    "timestamps": {"start": ms, "end": ms},            (0 = unset, omitted)
//    "party": {"id": str, "size": [current, max], "privacy": int},   (size omitted when 0/0)
//    "secrets": {"join": str},
//    "buttons": [{"label": str, "url": str}],
//    "supported_platforms": int (ActivityGamePlatforms bits)}
//
// Invite JSON: {"sender_id", "channel_id", "message_id": id, "type": int,
//   "application_id", "parent_application_id": id or null, "party_id", "session_id": str,
//   "is_valid": bool}; ids are decimal strings (non-negative integers are accepted too).
#pragma once

#include <optional>
#include <string>

#include "json/json.h"
#include "sdkpp/activity.h"
#include "sdkpp/activity_invite.h"
#include "sdkpp/client_result.h"

namespace sdkpp::social {

// Minified JSON of `activity` (an invalid activity serializes its default values).
std::string ActivityToJson(const Activity& activity);
// Writes the same object into an enclosing document (e.g. the args of SET_ACTIVITY).
void WriteActivity(json::Writer& writer, const Activity& activity);

// The activity in `value`, or nullopt when `value` is not an object or a known key has the
// wrong JSON type or an out-of-range value. Unknown keys are ignored, null counts as absent,
// unknown supported_platforms bits are dropped, buttons beyond Activity::kMaxButtons are
// dropped, and a button given as a bare string is a label without a URL. Never throws.
std::optional<Activity> ActivityFromJson(const json::Value& value);

// Success, or a ValidationError naming the first offending field ("Activity.Assets.LargeUrl
// must be an http:// or https:// URL"): Type other than Playing, Listening, Watching or
// Competing; StatusDisplayType, Party.Privacy or SupportedPlatforms outside their enums;
// texts (Name, State, Details, asset texts, party id, join secret, button labels) over 128
// characters or not UTF-8; URLs (StateUrl, DetailsUrl, LargeUrl, SmallUrl, InviteCoverImage
// when it holds "://", button Url) that are not http(s) or over 256; asset keys over 256;
// party sizes negative or CurrentSize > MaxSize; more than 2 buttons; an empty button label.
// Empty optional strings count as unset.
ClientResult ValidateActivity(const Activity& activity);

// The invite in `value`, or nullopt when it is not an object, sender_id, channel_id or
// message_id is missing or not an id, or a known key has the wrong JSON type. An unknown
// `type` reads as ActivityActionTypes::Invalid. Never throws.
std::optional<ActivityInvite> ActivityInviteFromJson(const json::Value& value);

}  // namespace sdkpp::social
