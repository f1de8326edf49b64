// MessageHandle's fields. The façade's MessageHandle is a small JS object (a batch of ids and
// its index) rather than a wrapped native object: history hands out up to 200 handles at a
// time, and a wrapped object costs about 0.9 µs to make plus a finalizer for the GC, where a JS
// object costs tens of nanoseconds. A handle is a live view, as in C++, and still its common
// fields cost no call per getter: ReadMessages copies them for a whole batch at once, tagged
// with the message cache's change count (in MessageShared), and the façade answers from the copy
// while the count is unchanged. Any change of the cache, or Destroy, bumps the count, so the
// next getter reads again. The rest (handles to other objects, metadata, ...) is read by id,
// one field per call, through MessageFieldOf.
#include <algorithm>
#include <optional>
#include <vector>
#include <string_view>

#include "client/client_access.h"
#include "client/wrap_client.h"
#include "social/wrap_handles.h"
#include "util/args.h"
#include "util/convert.h"
#include "util/utf8.h"

namespace sdkpp::napi {

namespace {

// The order of Field in lib/sdk/message_handle.ts; test/sdk/message_fields_mirror.test.ts holds
// the two lists, the snapshot layout and the flag bits below to each other.
enum class MessageField : int32_t {
  Author = 0,
  Channel,
  Content,
  RawContent,
  Recipient,
  Lobby,
  Metadata,
  ModerationMetadata,
  ApplicationId,
  AdditionalContent,
  AdditionalName,
  DisclosureType,
  Count,
};

// A snapshot's layout, mirrored in lib/sdk/message_handle.ts (MessageBatch): per message five
// u64s and three u32 marks (flags, then where its content starts and ends in the batch's text,
// in UTF-16 units). One string for the whole batch: making 200 strings and storing each in an
// array costs far more through Node-API than one string the façade slices.
constexpr size_t kNumbersPerMessage = 5;  // author, channel, recipient, sent, edited
constexpr size_t kMarksPerMessage = 3;
constexpr uint32_t kValid = 1;
constexpr uint32_t kContentCopied = 2;  // else Content names users or channels: read it live
constexpr uint32_t kSentFromGame = 4;

// The bytes shared with the façade (MessageSource in lib/sdk/message_handle.ts), read there
// without a call: the change count, and the snapshot GetMessageHandle writes for its message
// (in place, instead of typed arrays passed per call: checking those costs more than the rest).
constexpr size_t kSharedChanges = 0;    // u32
constexpr size_t kSharedId = 8;         // u64
constexpr size_t kSharedNumbers = 16;   // kNumbersPerMessage u64s
constexpr size_t kSharedMarks = 56;     // kMarksPerMessage u32s
constexpr size_t kSharedBytes = 72;
static_assert(kSharedNumbers + 8 * kNumbersPerMessage == kSharedMarks && kSharedMarks + 4 * kMarksPerMessage <= kSharedBytes);

Napi::Value AdditionalContentToJs(Napi::Env env, const std::optional<sdkpp::AdditionalContent>& content) {
  if (!content) return env.Undefined();
  Napi::Object object = Napi::Object::New(env);
  object.Set("Type", ToJs(env, content->Type()));
  object.Set("Title", ToJs(env, content->Title()));
  object.Set("Count", ToJs(env, content->Count()));
  return object;
}

// Whether the shown content depends on other records (user and channel names, which change
// without the message changing): then a copy could go stale unseen by the change count.
bool NamesOthers(std::string_view raw) {
  return raw.find("<@") != std::string_view::npos || raw.find("<#") != std::string_view::npos;
}

Napi::Value TextToJs(Napi::Env env, std::string_view text, bool ascii) {
  // Most chat is ASCII: V8 then copies Latin-1 straight into a one-byte string, no UTF-8 decoding.
  napi_value value;
  napi_status status = ascii ? napi_create_string_latin1(env, text.data(), text.size(), &value)
                             : napi_create_string_utf8(env, text.data(), text.size(), &value);
  NAPI_THROW_IF_FAILED(env, status, Napi::Value());
  return Napi::Value(env, value);
}

}  // namespace

struct ClientWrap::SnapshotArrays {
  uint64_t* ids;
  uint64_t* numbers;
  uint32_t* marks;
  size_t count;
};

void ClientWrap::WatchMessageChanges() {
  message_shared_ = Napi::Persistent(Napi::ArrayBuffer::New(Env(), kSharedBytes));  // zero-filled
  auto* impl = sdkpp::detail::ClientAccess::Impl(*client_);
  if (impl) impl->social().state()->messages.SetChangeListener([this] { CountMessageChange(); });
}

void ClientWrap::StopWatchingMessageChanges() {
  // The listener points at this wrap, which may go before the state (a finalizer).
  auto* impl = client_ ? sdkpp::detail::ClientAccess::Impl(*client_) : nullptr;
  if (impl) impl->social().state()->messages.SetChangeListener({});
}

uint8_t* ClientWrap::MessageSharedBytes() {
  // Looked up on every use, so a buffer JS detached (transferred) is never written.
  Napi::ArrayBuffer buffer = message_shared_.Value();
  if (buffer.IsEmpty() || buffer.ByteLength() < kSharedBytes) return nullptr;
  return static_cast<uint8_t*>(buffer.Data());
}

void ClientWrap::CountMessageChange() {
  // The cache changes on the JS thread only (core state lives there), inside a call from JS or
  // the callback pump, so the buffer can be looked up here.
  Napi::HandleScope scope(Env());
  if (uint8_t* shared = MessageSharedBytes()) ++*reinterpret_cast<uint32_t*>(shared + kSharedChanges);
}

Napi::Value ClientWrap::MessageShared(const Napi::CallbackInfo&) { return message_shared_.Value(); }

ClientWrap::SnapshotArrays ClientWrap::ReadSnapshotArrays(const Napi::CallbackInfo& info) {
  // (ids, numbers, marks): one napi_get_typedarray_info per array (type, length and bytes at once).
  const char* method = "MessageHandle";
  struct View {
    void* data;
    size_t length;
  };
  auto typed = [&](size_t index, const char* name, napi_typedarray_type type, const char* rule) {
    ArgRef arg{info, index, method, name};
    napi_typedarray_type actual;
    View view{nullptr, 0};
    if (index >= info.Length() || !arg.value().IsTypedArray() ||
        napi_get_typedarray_info(info.Env(), arg.value(), &actual, &view.length, &view.data, nullptr, nullptr) != napi_ok ||
        actual != type) {
      ThrowTypeError(arg, rule);
    }
    return view;
  };
  View ids = typed(0, "ids", napi_biguint64_array, "must be a BigUint64Array");
  View numbers = typed(1, "numbers", napi_biguint64_array, "must be a BigUint64Array");
  View marks = typed(2, "marks", napi_uint32_array, "must be a Uint32Array");
  size_t n = ids.length;
  auto too_short = [&](size_t index, const char* name) {
    ThrowRangeError(ArgRef{info, index, method, name}, "is too short for the messages");
  };
  if (numbers.length < n * kNumbersPerMessage) too_short(1, "numbers");
  if (marks.length < n * kMarksPerMessage) too_short(2, "marks");
  return {static_cast<uint64_t*>(ids.data), static_cast<uint64_t*>(numbers.data), static_cast<uint32_t*>(marks.data), n};
}

Napi::Value ClientWrap::FillSnapshot(Napi::Env env, const SnapshotArrays& into) {
  // Only the typed arrays are written, then one string is made: no JS runs in between.
  auto* impl = client_ && *client_ ? sdkpp::detail::ClientAccess::Impl(*client_) : nullptr;
  // GetMessageHandle reads one message per call: no allocation for that one.
  const social::MessageRecord* one = nullptr;
  std::vector<const social::MessageRecord*> many(into.count > 1 ? into.count : 0, nullptr);
  const social::MessageRecord** found = into.count > 1 ? many.data() : &one;
  if (impl) impl->social().state()->messages.FindAll(into.ids, into.count, found);
  std::string text;
  bool ascii = true;
  size_t units = 0;  // text's length in UTF-16 units
  for (size_t i = 0; i < into.count; ++i) {
    const social::MessageRecord* message = found[i];
    uint64_t* numbers = into.numbers + i * kNumbersPerMessage;
    uint32_t* marks = into.marks + i * kMarksPerMessage;
    if (message == nullptr) {
      std::fill_n(numbers, kNumbersPerMessage, 0);
      std::fill_n(marks, kMarksPerMessage, 0);
      continue;
    }
    numbers[0] = message->author_id;
    numbers[1] = message->channel_id;
    numbers[2] = message->recipient_id;
    numbers[3] = message->sent_ms;
    numbers[4] = message->edited_ms;
    uint32_t flags = kValid | (message->sent_from_game ? kSentFromGame : 0);
    size_t start = units;
    // Without '<' there is no markup to render: the shown text is the raw text.
    bool markup = message->content.find('<') != std::string::npos;
    if (!markup || !NamesOthers(message->content)) {
      std::string rendered =
          markup ? client_->GetMessageHandle(message->id).value_or(MessageHandle::nullobj).Content() : std::string();
      std::string_view shown = markup ? std::string_view(rendered) : std::string_view(message->content);
      bool piece_ascii = std::all_of(shown.begin(), shown.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
      // The marks count what the JS string will hold; text that is not UTF-8 (never stored by
      // the core) would not map onto them, so it is read live instead of copied.
      std::optional<size_t> piece_units = piece_ascii ? shown.size() : utf8::CountUtf16Units(shown);
      if (piece_units) {
        flags |= kContentCopied;
        ascii = ascii && piece_ascii;
        units += *piece_units;
        text.append(shown);
      }
    }
    marks[0] = flags;
    // A batch holds at most a few hundred messages of bounded length: far below 2^32 units.
    marks[1] = static_cast<uint32_t>(start);
    marks[2] = static_cast<uint32_t>(units);
  }
  return TextToJs(env, text, ascii);
}

Napi::Value ClientWrap::ReadMessages(const Napi::CallbackInfo& info) {
  // (ids: BigUint64Array, numbers: BigUint64Array, marks: Uint32Array) → the batch's text
  SnapshotArrays into = ReadSnapshotArrays(info);
  return FillSnapshot(info.Env(), into);
}

Napi::Value ClientWrap::SnapshotOfOne(Napi::Env env, uint64_t id) {
  uint8_t* shared = MessageSharedBytes();
  if (shared == nullptr) throw Napi::Error::New(env, "Client.GetMessageHandle: the message buffer was detached");
  SnapshotArrays into{reinterpret_cast<uint64_t*>(shared + kSharedId), reinterpret_cast<uint64_t*>(shared + kSharedNumbers),
                      reinterpret_cast<uint32_t*>(shared + kSharedMarks), 1};
  into.ids[0] = id;
  Napi::Value text = FillSnapshot(env, into);
  return (into.marks[0] & kValid) != 0 ? text : env.Undefined();
}

Napi::Value ClientWrap::MessageFieldOf(const Napi::CallbackInfo& info) {
  const char* method = "MessageHandle";
  uint64_t id = ReadU64(ArgRef{info, 0, method, "messageId"});
  int32_t raw = ReadInt(ArgRef{info, 1, method, "field"}, 0, static_cast<int32_t>(MessageField::Count) - 1,
                        "is not a MessageHandle field");
  Napi::Env env = info.Env();
  // A UI reads several fields of one message in a row: keep its handle. A handle is a live
  // view (every getter reads the current state), so a kept one answers as a fresh one would.
  if (!last_message_ || last_message_->Id() != id) last_message_ = client_->GetMessageHandle(id);
  const MessageHandle& message = last_message_ && last_message_->Id() == id ? *last_message_ : MessageHandle::nullobj;
  switch (static_cast<MessageField>(raw)) {
    case MessageField::Author: return Optional<UserHandleWrap>(env, message.Author());
    case MessageField::Channel: return Optional<ChannelHandleWrap>(env, message.Channel());
    case MessageField::Content: return ToJs(env, message.Content());
    case MessageField::RawContent: return ToJs(env, message.RawContent());
    case MessageField::Recipient: return Optional<UserHandleWrap>(env, message.Recipient());
    case MessageField::Lobby: return Optional<LobbyHandleWrap>(env, message.Lobby());
    case MessageField::Metadata: return ToJs(env, message.Metadata());
    case MessageField::ModerationMetadata: return ToJs(env, message.ModerationMetadata());
    case MessageField::ApplicationId: return ToJs(env, message.ApplicationId());
    case MessageField::AdditionalContent: return AdditionalContentToJs(env, message.AdditionalContent());
    case MessageField::AdditionalName: return ToJs(env, message.AdditionalName());
    case MessageField::DisclosureType: return ToJs(env, message.DisclosureType());
    case MessageField::Count: break;
  }
  return env.Undefined();
}

}  // namespace sdkpp::napi
