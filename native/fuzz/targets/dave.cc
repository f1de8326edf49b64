// DAVE (native/core/src/voice/dave): the binary frame parsers and the controller's state
// machine — transitions, epochs, external sender, proposals, commits and Welcomes, recovery,
// passthrough windows, media in and out — driven by a script of events, over the harness's
// scripted DAVE session (native/test/scripted_dave_session.h), whose results the script can
// also turn to failures. The controller is the one a voice connection owns; here the input
// plays both the voice server and the media.
//
// Input: a sequence of events, each an opcode byte and its operands (see Play).
// Checked: every frame the media path hands back is the one it was given or lies within the
// controller's limit, and can be read whole (ASan checks the read).
#include <memory>
#include <string>
#include <vector>

#include "feature_harness.h"
#include "fuzz_input.h"
#include "scripted_dave_session.h"
#include "voice/dave/dave_binary_frames.h"
#include "voice/dave/dave_controller.h"

namespace {

using namespace sdkpp;
using namespace sdkpp::voice;

struct Outbox : DaveOutbox {
  std::vector<std::string> sent;
  void SendDaveJson(std::string frame) override { sent.push_back(std::move(frame)); }
  void SendDaveBinary(std::string frame) override { sent.push_back(std::move(frame)); }
  void DaveUnavailable(const std::string& reason) override { sent.push_back(reason); }
};

const uint8_t* Data(std::string_view bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

// A frame the media path hands back is the one it was given (passed through in the clear), or
// one the controller wrote into its own buffers, within their size.
uint32_t ReadWhole(const std::optional<DaveFrame>& frame, std::string_view given) {
  if (!frame) return 0;
  const bool passed_through = frame->data == Data(given) && frame->size == given.size();
  FUZZ_CHECK(passed_through || frame->size <= kDaveMaxFrameBytes);
  FUZZ_CHECK(frame->data != nullptr || frame->size == 0);
  uint32_t sum = 0;
  for (size_t i = 0; i < frame->size; ++i) sum += frame->data[i];
  return sum;
}

struct World {
  testing::FeatureHarness h;
  std::shared_ptr<testing::DaveScript> script = std::make_shared<testing::DaveScript>();
  Outbox outbox;
  DaveCounters counters;
  DaveController controller{*h.platform, h.logger, outbox, counters};

  World() { h.platform->dave = script; }

  void Play(fuzz::Reader& in) {
    switch (in.U8() % 16) {
      case 0: controller.Begin(222, 111); break;
      case 1: controller.End(); break;
      case 2: controller.OnSessionDescription(static_cast<int8_t>(in.U8())); break;
      case 3: {
        std::vector<uint64_t> users(in.U8() % 8);
        for (auto& id : users) id = in.U16();
        controller.OnUsersConnected(users);
        break;
      }
      case 4: controller.OnUserDisconnected(in.U16()); break;
      case 5: {
        const uint16_t version = in.U8() % 3;
        controller.OnPrepareTransition({version, in.U16()});
        break;
      }
      case 6: controller.OnExecuteTransition({in.U16()}); break;
      case 7: {
        const uint16_t version = in.U8() % 3;
        controller.OnPrepareEpoch({version, in.U8()});
        break;
      }
      case 8: {  // a binary server frame, as the connection parses it
        const std::string_view bytes = in.Record();
        if (auto frame = ParseServerBinaryFrame(bytes)) {
          if (auto transition = ParseTransitionPayload(frame->payload)) FUZZ_CHECK(!transition->body.empty());
          controller.OnBinary(frame->op, frame->payload);
        }
        break;
      }
      case 9: {  // the same with a well-formed header: op and payload straight from the input
        const uint8_t op = static_cast<uint8_t>(25 + in.U8() % 7);
        controller.OnBinary(op, in.Record());
        break;
      }
      case 10: {
        const std::string_view opus = in.Record();
        (void)ReadWhole(controller.Outgoing(Data(opus), opus.size()), opus);
        break;
      }
      case 11: {
        const uint64_t sender = in.U16();
        const std::string_view frame = in.Record();
        (void)ReadWhole(controller.Incoming(sender, Data(frame), frame.size()), frame);
        break;
      }
      case 12: {  // a frame sealed the way the scripted session's group of some epoch seals it
        const uint64_t sender = in.U16();
        const uint8_t epoch = in.U8();
        const std::string frame = testing::ToyDaveFrame(std::string(in.Record()), epoch);
        (void)ReadWhole(controller.Incoming(sender, Data(frame), frame.size()), frame);
        break;
      }
      case 13: h.platform->Advance(uint64_t{in.U16()} * 10); break;
      case 14: {  // the session's next results
        const uint8_t flags = in.U8();
        script->fail_reinit = flags & 1;
        script->fail_external_sender = flags & 2;
        script->fail_key_package = flags & 4;
        script->fail_proposals = flags & 8;
        script->fail_commit = flags & 16;
        script->fail_welcome = flags & 32;
        script->fail_encrypt = flags & 64;
        break;
      }
      default: {  // what the platform offers the next Begin
        const uint8_t choice = in.U8();
        script->max_version = choice % 3;
        script->refuse_sessions = (choice & 4) != 0;
        break;
      }
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  World world;
  world.controller.Begin(222, 111);
  fuzz::Reader input(data, size);
  for (int step = 0; step < 4096 && !input.empty(); ++step) world.Play(input);
  (void)world.controller.privacy_code();
  world.controller.End();
  testing::Pump();
  return 0;
}
