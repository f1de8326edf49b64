// Rich presence on the wire (native/core/src/social/activity_json): the activity object of
// presences and the activity invite object, read from any JSON. Checked: an activity read back
// from its own JSON writes the same JSON again (writing is a fixed point after one read), and
// validation answers for anything read.
#include <string>

#include "fuzz_input.h"
#include "json/json.h"
#include "social/activity_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto document = sdkpp::json::Document::Parse(sdkpp::fuzz::AsText(data, size));
  if (!document) return 0;
  const sdkpp::json::Value root = document->Root();
  // A presence carries a list of activities; an invite is one object.
  for (const sdkpp::json::Value& value : root.IsArray() ? root.Items() : std::vector<sdkpp::json::Value>{root}) {
    if (auto activity = sdkpp::social::ActivityFromJson(value)) {
      (void)sdkpp::social::ValidateActivity(*activity).Error();
      const std::string written = sdkpp::social::ActivityToJson(*activity);
      auto reparsed = sdkpp::json::Document::Parse(written);
      FUZZ_CHECK(reparsed.has_value());
      auto again = sdkpp::social::ActivityFromJson(reparsed->Root());
      FUZZ_CHECK(again.has_value());
      FUZZ_CHECK(sdkpp::social::ActivityToJson(*again) == written);
    }
    if (auto invite = sdkpp::social::ActivityInviteFromJson(value)) {
      (void)invite->PartyId();
      (void)invite->SessionId();
      (void)invite->Type();
      (void)invite->ParentApplicationId();
    }
  }
  return 0;
}
