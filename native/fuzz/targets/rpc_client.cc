// The local client's side of the IPC link, as the Client lives it: a Client on the scripted
// platform asks the local chat client for everything it uses it for — SET_ACTIVITY, AUTHORIZE,
// the AUTHORIZE_REQUEST, ACTIVITY_INVITE and ACTIVITY_JOIN subscriptions, the connected user —
// and the input plays the chat client. Each line is one IPC frame: a line starting with '{' or
// any other JSON is an opcode-1 frame with that payload; "C<json>" a CLOSE, "P<text>" a PING,
// "G<text>" a PONG, "H<json>" a HANDSHAKE; "X<hex>" raw bytes on the stream (a broken header,
// half a frame). "!advance <ms>" moves the clock (timeouts, reconnect backoff) and "!closed"
// closes the stream from the chat client's side. A stream the SDK re-opens is accepted.
#include <algorithm>
#include <charconv>
#include <string>

#include "client_reads.h"
#include "fuzz_input.h"
#include "rpc/frame_codec.h"
#include "test_client.h"

namespace {

using namespace sdkpp;
using sdkpp::testing::GatewayHarness;

using sdkpp::fuzz::Number;

void AskTheLocalClient(Client& client) {
  Activity activity;
  activity.SetName("Fuzz Game");
  activity.SetType(ActivityTypes::Playing);
  activity.SetState("in a match");
  ActivityParty party;
  party.SetId("party-1");
  party.SetCurrentSize(1);
  party.SetMaxSize(4);
  activity.SetParty(party);
  ActivitySecrets secrets;
  secrets.SetJoin("join-S3CRET-1");
  activity.SetSecrets(secrets);
  client.UpdateRichPresence(activity, [](ClientResult result) { (void)result.Error(); });
  AuthorizationArgs args;
  args.SetScopes(Client::GetDefaultPresenceScopes());
  args.SetState("fuzz-state-1");
  client.Authorize(args, [](ClientResult result, std::string code, std::string redirect) {
    (void)result.Error();
    (void)(code.size() + redirect.size());
  });
  client.RegisterAuthorizeRequestCallback([] {});
  client.GetServiceClientConnectedUser(testing::kAppId, [](ClientResult result, std::optional<UserHandle> user) {
    (void)result.Error();
    if (user) fuzz::ReadUser(*user);
  });
  client.IsServiceAppInstalled([](bool) {});
  client.SetActivityJoinWithApplicationCallback([](uint64_t, std::string secret) { (void)secret.size(); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  GatewayHarness h("tok-fuzz-rpc-1");
  fuzz::SeenIds seen;
  fuzz::InstallReadingCallbacks(h.client, seen);
  AskTheLocalClient(h.client);
  PlatformId stream = 0;
  auto accept_new_stream = [&] {
    if (!h.platform->ipc_opened.empty() && h.platform->ipc_opened.back() != stream) {
      stream = h.platform->ipc_opened.back();
      h.platform->events()->OnIpcOpen(stream);
    }
  };
  accept_new_stream();
  for (std::string_view line : fuzz::Lines(fuzz::AsText(data, size))) {
    const char kind = line.front();
    const std::string_view rest = line.substr(1);
    if (line.rfind("!advance", 0) == 0) {
      h.platform->Advance(static_cast<uint64_t>(std::clamp<int64_t>(Number(line.substr(8)), 0, 600'000)));
    } else if (line == "!closed") {
      h.platform->events()->OnIpcClosed(stream, "fuzz");
    } else if (kind == 'X') {
      h.platform->events()->OnIpcData(stream, fuzz::FromHex(rest));
    } else {
      rpc::Opcode opcode = kind == 'C'   ? rpc::Opcode::Close
                           : kind == 'P' ? rpc::Opcode::Ping
                           : kind == 'G' ? rpc::Opcode::Pong
                           : kind == 'H' ? rpc::Opcode::Handshake
                                         : rpc::Opcode::Frame;
      h.platform->events()->OnIpcData(stream, rpc::EncodeFrame(opcode, opcode == rpc::Opcode::Frame && kind != 'F' ? line : rest));
    }
    testing::Pump();
    accept_new_stream();
    fuzz::ReadEverything(h.client, seen);
  }
  h.platform->Advance(60'000);
  testing::Pump();
  return 0;
}
