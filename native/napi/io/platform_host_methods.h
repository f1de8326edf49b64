// The one list of the methods the addon calls on the JS platform host (NodePlatform::Invoke).
// NodePlatform (node_platform.cc, dave/) can only call a name of this list (HostMethod below),
// the addon exports the list (internal.platformHostMethods), and
// test/sdk/platform_parity.test.ts fails when the Node host (lib/platform/node_host.ts) lacks one
// of them or has a host method the list does not name.
// A new capability (UDP, crypto) adds its names here and its file in lib/platform/host/.
#pragma once

#include <cstddef>

// X(name): the JS method name, as called.
#define SDKPP_PLATFORM_HOST_METHODS(X) \
  /* clock, timers */                   \
  X(now)                                \
  X(useClockCell)                       \
  X(startTimer)                         \
  X(cancelTimer)                        \
  /* http */                            \
  X(sendHttp)                           \
  X(cancelHttp)                         \
  /* ipc */                             \
  X(openIpc)                            \
  X(writeIpc)                           \
  X(closeIpc)                           \
  /* websocket */                       \
  X(openWebSocket)                      \
  X(sendWebSocket)                      \
  X(closeWebSocket)                     \
  /* loopback */                        \
  X(startLoopback)                      \
  X(respondLoopback)                    \
  X(stopLoopback)                       \
  /* browser */                         \
  X(openUrl)                            \
  /* voice (docs/voice-calls.md) */             \
  X(sendWebSocketBinary)                \
  X(openUdp)                            \
  X(sendUdp)                            \
  X(closeUdp)                           \
  X(useAeadScratch)                     \
  X(aeadSeal)                           \
  X(aeadOpen)                           \
  /* DAVE (dave/node_dave_session.h) */ \
  X(daveMaxProtocolVersion)             \
  X(daveUnavailableReason)              \
  X(useDaveScratch)                     \
  X(daveCreateSession)                  \
  X(daveDestroySession)                 \
  X(daveReinit)                         \
  X(daveReset)                          \
  X(daveSetExternalSender)              \
  X(daveCreateKeyPackage)               \
  X(daveProcessProposals)               \
  X(daveProcessCommit)                  \
  X(daveProcessWelcome)                 \
  X(daveIsReady)                        \
  X(daveVoicePrivacyCode)               \
  X(daveSetPassthroughMode)             \
  X(daveSetUserSlot)                    \
  X(daveEncryptOpus)                    \
  X(daveDecrypt)

namespace sdkpp::napi {

enum class HostMethod {
#define SDKPP_HOST_METHOD_ENUM(name) name,
  SDKPP_PLATFORM_HOST_METHODS(SDKPP_HOST_METHOD_ENUM)
#undef SDKPP_HOST_METHOD_ENUM
};

inline constexpr const char* kHostMethodNames[] = {
#define SDKPP_HOST_METHOD_NAME(name) #name,
    SDKPP_PLATFORM_HOST_METHODS(SDKPP_HOST_METHOD_NAME)
#undef SDKPP_HOST_METHOD_NAME
};

inline constexpr const char* HostMethodName(HostMethod method) {
  return kHostMethodNames[static_cast<std::size_t>(method)];
}

}  // namespace sdkpp::napi
