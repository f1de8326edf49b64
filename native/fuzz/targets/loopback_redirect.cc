// The OAuth2 redirect as the browser (or any local program) delivers it to Client::Authorize:
// a Client on the scripted platform, no local chat client, so Authorize listens on the
// loopback port and opens the browser; each input line is then the target of one request to
// that listener ("/callback?code=...&state=..."), parsed by the authorize flow's query reader.
// A line "!custom" starts a custom-scheme Authorize instead (when none is pending), whose
// redirect the OS hands back through HandleAuthorizeCallback: later lines go there.
// Checked: the Authorize callback runs at most once per flow, and every request the listener
// got is answered with 200, 400 or 404.
#include <string>

#include "fuzz_input.h"
#include "test_client.h"

namespace {

using namespace sdkpp;

struct FuzzAuthorize : testing::Harness {
  int pending = 0;  // Authorize calls not answered yet
  bool custom = false;

  void Start(bool custom_scheme) {
    AuthorizationArgs args;
    args.SetScopes(Client::GetDefaultCommunicationScopes());
    args.SetState("fuzz-state-1");
    if (custom_scheme) args.SetCustomSchemeParam("sdkpp-fuzz");
    custom = custom_scheme;
    ++pending;
    client.Authorize(args, [this](ClientResult result, std::string code, std::string redirect) {
      FUZZ_CHECK(pending > 0);
      --pending;
      (void)result.Error();
      (void)(code.size() + redirect.size());
    });
    // No chat client answers on IPC: the browser flow starts its loopback listener.
    if (!platform->ipc_opened.empty()) platform->events()->OnIpcClosed(platform->ipc_opened.back(), "ENOENT");
    if (!platform->listeners_started.empty()) platform->events()->OnLoopbackListening(platform->listeners_started.back(), 5000, "");
    testing::Pump();
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzAuthorize h;
  h.Start(false);
  PlatformId request = 1000;
  size_t requests = 0;
  for (std::string_view line : fuzz::Lines(fuzz::AsText(data, size))) {
    if (line == "!custom") {
      if (h.pending == 0) h.Start(true);
      continue;
    }
    if (h.custom) {
      (void)h.client.HandleAuthorizeCallback(std::string(line));
    } else if (!h.platform->listeners_started.empty()) {
      h.platform->events()->OnLoopbackRequest(h.platform->listeners_started.back(), ++request, std::string(line));
      ++requests;
    }
    testing::Pump();
  }
  for (const auto& response : h.platform->loopback_responses) {
    FUZZ_CHECK(response.status == 200 || response.status == 400 || response.status == 404);
  }
  FUZZ_CHECK(h.platform->loopback_responses.size() <= requests);
  h.client.AbortAuthorize();
  testing::Pump();
  FUZZ_CHECK(h.pending == 0);
  return 0;
}
