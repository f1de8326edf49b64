#include "voice/audio/wasapi/wasapi_render_stream.h"

#ifdef _WIN32

#include <algorithm>
#include <cstring>

#include "voice/audio/audio_format.h"
#include "voice/audio/wasapi/wasapi_audio_client.h"
#include "voice/audio/wasapi/wasapi_text.h"

namespace sdkpp::voice::wasapi {
namespace {

constexpr UINT32 kFrames = static_cast<UINT32>(kSamplesPerChannel);
constexpr UINT32 kCushionFrames = 2 * kFrames;
// At most four frames queued (80 ms): the latency does not grow to the whole buffer.
constexpr UINT32 kMaxQueuedFrames = 4 * kFrames;

}  // namespace

std::unique_ptr<WasapiRenderStream> WasapiRenderStream::Open(IMMDevice* device, HRESULT& result, std::string& error) {
  EngineFormatClient opened;
  if (!OpenEngineFormatClient(device, "speaker", opened, result, error)) return nullptr;
  std::unique_ptr<WasapiRenderStream> stream(new WasapiRenderStream());
  stream->client_ = std::move(opened.client);
  stream->buffer_frames_ = opened.buffer_frames;
  result = stream->client_->GetService(__uuidof(IAudioRenderClient), stream->render_.put_void());
  if (FAILED(result)) {
    error = "cannot write to the speaker: " + HresultText(result);
    return nullptr;
  }
  if (stream->buffer_frames_ < kCushionFrames + kFrames) {
    result = AUDCLNT_E_BUFFER_SIZE_ERROR;
    error = "the speaker buffer holds " + std::to_string(stream->buffer_frames_) + " frames, fewer than three 20 ms frames";
    return nullptr;
  }
  result = stream->Queue(nullptr, kCushionFrames);
  if (SUCCEEDED(result)) result = stream->client_->Start();
  if (FAILED(result)) {
    error = "cannot start the speaker: " + HresultText(result);
    return nullptr;
  }
  return stream;
}

WasapiRenderStream::~WasapiRenderStream() {
  if (client_) client_->Stop();
}

HRESULT WasapiRenderStream::Queue(const int16_t* frame, UINT32 frames) {
  BYTE* data = nullptr;
  HRESULT result = render_->GetBuffer(frames, &data);
  if (FAILED(result)) return result;
  if (frame) std::memcpy(data, frame, static_cast<size_t>(frames) * kChannels * sizeof(int16_t));
  return render_->ReleaseBuffer(frames, frame ? 0 : AUDCLNT_BUFFERFLAGS_SILENT);
}

HRESULT WasapiRenderStream::Write(const int16_t* frame) {
  UINT32 padding = 0;
  HRESULT result = client_->GetCurrentPadding(&padding);
  if (FAILED(result)) return result;
  if (padding == 0) {
    // The device played everything: the cushion goes in again before this frame.
    ++underruns_;
    result = Queue(nullptr, kCushionFrames);
    if (FAILED(result)) return result;
    padding = kCushionFrames;
  }
  // Over the limit (the device stalled, or this thread's clock runs a little fast): frames are
  // dropped until only the cushion is left, once, rather than one now and then for as long as
  // the queue stays near the limit (each drop is an audible 20 ms gap).
  if (padding + kFrames > (std::min)(buffer_frames_, kMaxQueuedFrames)) draining_ = true;
  if (draining_ && padding > kCushionFrames) {
    ++dropped_;
    return S_OK;
  }
  draining_ = false;
  return Queue(frame, kFrames);
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
