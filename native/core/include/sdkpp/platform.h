// The host side of the sans-IO core. The core never opens a socket or starts a timer: it asks
// the Platform, and the Platform reports results through PlatformEvents. Node implements it with
// fetch, net, ws and setTimeout (lib/platform); the native harness with a scripted fake.
//
// Contract for implementations:
// - Every PlatformEvents call happens on the thread that owns the Client, and never from inside
//   a Platform method (always later, e.g. on the next event-loop turn).
// - Ids are chosen by the core and unique per Client; an event for an id the core has cancelled
//   or closed is ignored by the core, so races are harmless.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sdkpp/platform_dave.h"

namespace sdkpp {

// The id of a timer, request, stream, socket or listener: chosen by the core, unique per Client.
using PlatformId = uint64_t;

// One HTTP header line.
struct HttpHeader {
  // The header's name (a response's in lower case).
  std::string name;
  // The header's value.
  std::string value;
};

// An HTTP request the core asks the host to send (Platform::SendHttp).
struct PlatformHttpRequest {
  // "GET", "POST", "PATCH", "PUT" or "DELETE".
  std::string method;
  // The absolute http(s) URL.
  std::string url;
  // The request's headers, in order.
  std::vector<HttpHeader> headers;
  // The body (empty for none).
  std::string body;
};

// The authenticated ciphers of the voice transport (docs/protocols/voice-media.md): 32-byte keys, 16-byte tags.
enum class AeadAlgorithm : int32_t {
  Aes256Gcm = 0,          // 12-byte nonce
  XChaCha20Poly1305 = 1,  // 24-byte nonce
};

// The answer to a PlatformHttpRequest (PlatformEvents::OnHttpResponse). The core bounds the body
// to limits::kMaxHttpBodyBytes.
struct PlatformHttpResponse {
  // The HTTP status code.
  int32_t status = 0;
  std::vector<HttpHeader> headers;  // names in lower case
  // The response body.
  std::string body;
};

// What the host reports back to the core (the Client registers one with Platform::SetEvents).
// Every call happens on the thread that owns the Client, never from inside a Platform method.
class PlatformEvents {
 public:
  virtual ~PlatformEvents() = default;
  // A timer started with Platform::StartTimer fired (once).
  virtual void OnTimer(PlatformId timer) = 0;
  // The response to Platform::SendHttp's request.
  virtual void OnHttpResponse(PlatformId request, PlatformHttpResponse response) = 0;
  // The request never got a response (DNS, refused, reset, TLS...). `message` names the cause,
  // starting with the error's code and a colon when the host knows one ("ECONNREFUSED: connect
  // ECONNREFUSED 127.0.0.1:8790"): the core reads the code to say what to do. The core adds the
  // method and the URL itself.
  virtual void OnHttpError(PlatformId request, std::string message) = 0;
  // The IPC stream Platform::OpenIpc asked for is connected.
  virtual void OnIpcOpen(PlatformId stream) = 0;
  // Bytes read from the IPC stream, as they came (the core reassembles the frames).
  virtual void OnIpcData(PlatformId stream, std::string bytes) = 0;
  // The IPC stream is gone (it could not connect, the peer closed it, CloseIpc); `reason` says
  // why in a few words. No event for it follows.
  virtual void OnIpcClosed(PlatformId stream, std::string reason) = 0;
  // The WebSocket Platform::OpenWebSocket asked for is open.
  virtual void OnWebSocketOpen(PlatformId socket) = 0;
  // A text frame (the gateway's JSON).
  virtual void OnWebSocketMessage(PlatformId socket, std::string text) = 0;
  // The WebSocket is closed (by the server, the network or CloseWebSocket), with the close
  // `code` and `reason` (1006 and a few words when there was no close frame). No event for it
  // follows.
  virtual void OnWebSocketClosed(PlatformId socket, int32_t code, std::string reason) = 0;
  // port 0: the listener could not start (`error` says why).
  virtual void OnLoopbackListening(PlatformId listener, uint16_t port, std::string error) = 0;
  // A request to the loopback listener; `target` is its path and query ("/callback?code=...").
  virtual void OnLoopbackRequest(PlatformId listener, PlatformId request, std::string target) = 0;
  // A URL that OpenUrl accepted could not be opened after all (no opener installed, no
  // graphical session, the opener failed); `reason` says why in a few words. True when the
  // app was told (its log callback got the address); otherwise the host should tell the user
  // another way (a Node process warning).
  virtual bool OnUrlNotOpened(std::string url, std::string reason) = 0;

  // --- voice (docs/voice-calls.md) ---
  // A binary WebSocket frame (the voice gateway's DAVE messages). Text frames go to
  // OnWebSocketMessage.
  virtual void OnWebSocketBinary(PlatformId socket, std::string bytes) = 0;
  // The UDP socket is bound (an ephemeral local port) and can send. A socket that could not
  // open reports only OnUdpClosed.
  virtual void OnUdpOpen(PlatformId socket, uint16_t local_port) = 0;
  // One datagram. The bytes are only valid during the call (the host reuses its buffer); `host`
  // and `port` are the sender's, so the core can drop datagrams that are not the server's.
  virtual void OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size,
                            const std::string& host, uint16_t port) = 0;
  // The socket is gone (CloseUdp, a bind or socket error); no event for it follows.
  virtual void OnUdpClosed(PlatformId socket, std::string reason) = 0;
  // The answer to Wake(): runs on the owner thread. Several Wake calls before it ran may give
  // one OnWake.
  virtual void OnWake() = 0;
};

// The host's side of every I/O: timers, HTTP, the local chat client's IPC socket, WebSockets, the
// OAuth2 loopback listener, opening URLs, UDP and the voice crypto (see the contract at the top
// of this file). A Client is given one at construction, or gets CreateDefaultPlatform()'s.
class Platform {
 public:
  virtual ~Platform() = default;

  // The Client registers itself here (and unregisters with nullptr before it goes away).
  virtual void SetEvents(PlatformEvents* events) = 0;

  // Milliseconds since the Unix epoch.
  virtual uint64_t NowMs() = 0;
  // `keep_alive`: a host with an event loop keeps running while this timer is pending (a retry
  // the app awaits); otherwise the timer must not hold the process open (a token-expiry timer).
  virtual void StartTimer(PlatformId timer, uint64_t delay_ms, bool keep_alive) = 0;
  // Cancels a pending timer; its OnTimer does not come (harmless when it already fired).
  virtual void CancelTimer(PlatformId timer) = 0;
  // A host with an event loop keeps running while this is held (true): the Client is
  // connecting, connected or reconnecting, which the app waits on as it would on an open
  // socket, also between sockets (a backoff, the bootstrap requests). Released with false once
  // the Client is disconnected. Called only when the answer changes.
  virtual void HoldEventLoop(bool hold) = 0;

  // Sends an HTTP request; OnHttpResponse or OnHttpError follows (once).
  virtual void SendHttp(PlatformId request, const PlatformHttpRequest& http) = 0;
  // Aborts a pending request; no event for it is needed (the core ignores a late one).
  virtual void CancelHttp(PlatformId request) = 0;

  // Connects to the local chat client's IPC socket (the platform knows where it listens).
  virtual void OpenIpc(PlatformId stream) = 0;
  // Writes bytes to an open IPC stream (whole frames, header included).
  virtual void WriteIpc(PlatformId stream, std::string bytes) = 0;
  // Closes the IPC stream; OnIpcClosed follows.
  virtual void CloseIpc(PlatformId stream) = 0;

  // Opens a WebSocket to `url` (wss:// or ws://); OnWebSocketOpen or OnWebSocketClosed follows.
  virtual void OpenWebSocket(PlatformId socket, const std::string& url) = 0;
  // Sends a text frame on an open WebSocket.
  virtual void SendWebSocket(PlatformId socket, std::string text) = 0;
  // Closes the WebSocket with `code` and `reason`; OnWebSocketClosed follows.
  virtual void CloseWebSocket(PlatformId socket, int32_t code, const std::string& reason) = 0;

  // An HTTP listener on 127.0.0.1 (any free port) for the OAuth2 loopback redirect.
  virtual void StartLoopbackListener(PlatformId listener) = 0;
  // Answers a request OnLoopbackRequest reported: `status` and an HTML page.
  virtual void RespondLoopback(PlatformId listener, PlatformId request, int32_t status,
                               const std::string& html) = 0;
  // Stops the listener (its port is freed); no event follows.
  virtual void StopLoopbackListener(PlatformId listener) = 0;

  // Opens a URL for the user (the system browser on desktop). False if it was refused at once;
  // a failure found later (or one the host wants to explain) comes as OnUrlNotOpened instead.
  virtual bool OpenUrl(const std::string& url) = 0;

  // --- voice (docs/voice-calls.md) ---
  // A binary frame on an open WebSocket.
  virtual void SendWebSocketBinary(PlatformId socket, std::string bytes) = 0;
  // A UDP socket (IPv4) for one voice server; datagrams go to `host`:`port`. OnUdpOpen or
  // OnUdpClosed follows.
  virtual void OpenUdp(PlatformId socket, const std::string& host, uint16_t port) = 0;
  // Sends one datagram (copied before the call returns); silently dropped if the socket is not
  // open. At most 1,500 bytes.
  virtual void SendUdp(PlatformId socket, const uint8_t* data, size_t size) = 0;
  // Closes the UDP socket; OnUdpClosed follows.
  virtual void CloseUdp(PlatformId socket) = 0;
  // Synchronous AEAD of the voice transport; never throws, false on any failure (a bad tag, a
  // wrong nonce size, no crypto in the host). `key` is 32 bytes. Seal writes size + 16 bytes
  // (ciphertext, then the tag) to `out`; Open reads ciphertext‖tag (`size` ≥ 16) and writes
  // size − 16 bytes. `out` may not overlap the input.
  virtual bool AeadSeal(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                        size_t nonce_size, const uint8_t* aad, size_t aad_size,
                        const uint8_t* plaintext, size_t size, uint8_t* out) = 0;
  // The opening half of AeadSeal (see above): false when the tag does not match.
  virtual bool AeadOpen(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                        size_t nonce_size, const uint8_t* aad, size_t aad_size,
                        const uint8_t* ciphertext, size_t size, uint8_t* out) = 0;
  // Thread-safe, non-blocking (the audio thread calls it): asks for OnWake on the owner thread.
  virtual void Wake() = 0;

  // --- DAVE, end-to-end encryption of calls (platform_dave.h) ---
  // The highest DAVE protocol version the host can speak; 0 = none (Identify then says 0 and
  // the service may refuse the call with 4017). Hosts without DAVE keep these defaults.
  virtual uint16_t DaveMaxProtocolVersion() { return 0; }
  // A session for one call, or null when the host has no DAVE (`error` says why).
  virtual std::unique_ptr<PlatformDaveSession> CreateDaveSession(uint16_t protocol_version,
                                                                 uint64_t user_id,
                                                                 uint64_t channel_id,
                                                                 std::string& error) {
    (void)protocol_version, (void)user_id, (void)channel_id;
    error = "this platform has no DAVE support";
    return nullptr;
  }
};

// The platform a Client gets when none is passed to its constructor. Hosts install theirs once
// (the Node addon does); without one, every I/O operation fails with a NetworkError result.
using PlatformFactory = std::shared_ptr<Platform> (*)();
// Installs the factory CreateDefaultPlatform calls (nullptr restores the one whose every I/O
// operation fails).
void SetDefaultPlatformFactory(PlatformFactory factory);
// A new platform from the installed factory (or the one whose every I/O operation fails).
std::shared_ptr<Platform> CreateDefaultPlatform();

}  // namespace sdkpp
