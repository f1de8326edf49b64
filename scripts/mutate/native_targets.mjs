// The C++ files that hold the core's rules, grouped by area, each with the native tests that
// cover it (a --gtest_filter of the harness in native/test). scripts/mutate/native.mjs mutates
// each file and runs only these tests against every mutant; TESTING.md records the scores.
//
// `swaps`: groups of identifiers a mutant may exchange (the actions of a protocol table).
// `constants: false`: no constant mutants in this file.

const CLOSE_ACTIONS = ['CloseAction::Resume', 'CloseAction::Reidentify', 'CloseAction::Stop'];
const VOICE_LOSSES = ['VoiceLoss::Resumable', 'VoiceLoss::Rejoin', 'VoiceLoss::Refused', 'VoiceLoss::Terminated'];

export const nativeTargets = [
  // --- limits: the table and the argument rules that read it
  {
    area: 'limits',
    file: 'native/core/include/sdkpp/limits.h',
    tests: 'Limits.*:MessageCache.*:Social.*:ActivityJson.*:ActivityValidation.*:FrameCodec.*:RpcConnection.*:Json.*:CallSession.*:AudioEngine.*:HostileInput.*',
  },
  { area: 'limits', file: 'native/core/src/context/argument_rules.cc', tests: 'Limits.*:ActivityValidation.*:AudioEngine.*:CallSession.*' },
  { area: 'limits', file: 'native/core/src/social/activity_json.cc', tests: 'ActivityJson.*:ActivityValidation.*:ActivityInviteJson.*:ActivityObjectModel.*:Limits.*' },
  // --- caches and their bounds
  { area: 'caches', file: 'native/core/src/social/message_cache.cc', tests: 'MessageCache.*:Social.*:SocialAnnounce.*' },
  { area: 'caches', file: 'native/core/src/social/recent_ids.h', tests: 'RecentIds.*:MessageCache.*:SocialAnnounce.*' },
  { area: 'caches', file: 'native/core/src/social/seen_invites.h', tests: 'SeenInvites.*:SocialAnnounce.*' },
  { area: 'caches', file: 'native/core/src/social/record_bounds.h', tests: 'RecordBounds.*:Social.*:SocialAnnounce.*' },
  // --- protocol tables: close codes, HTTP statuses, frames
  {
    area: 'protocol tables',
    file: 'native/core/src/gateway/gateway_protocol.h',
    swaps: [CLOSE_ACTIONS],
    tests: 'Gateway.*:GatewayCloseCodes.*:ConnectFailures.*:ErrorHints.*',
  },
  {
    area: 'protocol tables',
    file: 'native/core/src/voice/net/voice_close_codes.cc',
    swaps: [VOICE_LOSSES],
    tests: 'VoiceCloseCodes.*:VoiceConnection.*:CallSession.*',
  },
  { area: 'protocol tables', file: 'native/core/src/http/result_builder.cc', tests: 'HttpResults.*:HttpClient.*:ErrorHints.*:FailureText.*' },
  { area: 'protocol tables', file: 'native/core/src/rpc/frame_codec.cc', tests: 'FrameCodec.*:RpcConnection.*:Authorize.*' },
  // --- gates: who may pass, and when
  { area: 'gates', file: 'native/core/src/voice/audio/voice_gate.cc', tests: 'VoiceGate.*:AudioEngine.*' },
  { area: 'gates', file: 'native/core/src/gateway/send_limiter.cc', tests: 'SendLimiter.*:Gateway.*' },
  { area: 'gates', file: 'native/core/src/http/rate_limiter.cc', tests: 'RateLimiter.*:HttpClient.*' },
  // --- the jitter buffer
  { area: 'jitter buffer', file: 'native/core/src/voice/audio/jitter_buffer.cc', tests: 'JitterBuffer.*' },
];
