// Client's message methods: lobby messages, direct messages, history through the cache.
#include <algorithm>

#include "client/api_requests.h"
#include "context/argument_rules.h"
#include "sdkpp/limits.h"
#include "social/factory.h"
#include "social/parse.h"

namespace sdkpp {

using requests::Destroyed;
using requests::Invalid;

namespace {

std::optional<std::string> CheckMessage(const std::string& content, const Client::StringMap& metadata) {
  if (auto problem = rules::CheckText("content", content, 1, limits::kMaxMessageContentCodePoints)) return problem;
  return rules::CheckMetadata("metadata", metadata, limits::kMaxMetadataCodePoints);
}

void SendMessage(ClientImpl& impl, std::string path, const std::string& content, const Client::StringMap& metadata,
                 const char* operation, Client::SendUserMessageCallback callback) {
  if (auto problem = CheckMessage(content, metadata)) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem), 0); });
    return;
  }
  json::Writer body;
  body.BeginObject().Key("content").String(content);
  if (!metadata.empty()) requests::WriteMap(body.Key("metadata"), metadata);
  body.EndObject();
  impl.AuthedRequest(requests::Json("POST", std::move(path), body.Take(), operation),
                     [&impl, callback](http::ApiResponse response) {
                       uint64_t id = 0;
                       ClientResult result = response.result;
                       if (result.Successful()) {
                         auto doc = json::Document::Parse(response.body);
                         auto message_id = doc ? doc->Root()["id"].Snowflake() : std::nullopt;
                         if (!message_id) {
                           result = http::MalformedResponse(response.status, response.body, false, "no message id");
                         } else {
                           id = *message_id;
                           // The gateway delivers it too: whichever comes first caches it and
                           // announces MessageCreated, the other finds nothing new (social_layer.h).
                           impl.social().ApplyMessage(doc->Root(), social::Origin::Create);
                         }
                       }
                       if (callback) impl.Post([callback, result, id] { callback(result, id); });
                     });
}

std::vector<MessageHandle> Handles(ClientImpl& impl, const std::vector<const social::MessageRecord*>& records) {
  std::vector<MessageHandle> handles;
  handles.reserve(records.size());
  for (const auto* record : records) handles.push_back(detail::SocialFactory::Message(impl.social().ref(), record->id));
  return handles;
}

// Serves history from the cache when it can, else fetches a page, caches it, and answers.
void History(ClientImpl& impl, uint64_t channel_id, std::string path, int32_t limit, bool lobby,
             Client::MessagesCallback callback) {
  // What the app gets keeps to the rules whatever the service sent: at most `limit` messages,
  // and for lobbies nothing older than 72 hours.
  auto filter = [&impl, lobby, limit](std::vector<const social::MessageRecord*> records) {
    if (lobby) {
      uint64_t now = impl.http().ServiceNowMs();
      uint64_t since = now > limits::kMaxHistoryAgeMs ? now - limits::kMaxHistoryAgeMs : 0;
      records.erase(std::remove_if(records.begin(), records.end(), [since](const auto* m) { return m->sent_ms < since; }),
                    records.end());
    }
    if (records.size() > static_cast<size_t>(limit)) records.resize(static_cast<size_t>(limit));
    return records;
  };
  if (impl.status() == Client::Status::Ready) {
    if (auto cached = impl.social().state()->messages.Newest(channel_id, static_cast<size_t>(limit))) {
      impl.logger().Log(LoggingSeverity::Verbose, "message history served from the cache");
      auto handles = Handles(impl, filter(std::move(*cached)));
      if (callback) impl.Post([callback, handles] { callback(ClientResult::Success(), handles); });
      return;
    }
  }
  impl.AuthedRequest(
      requests::Json("GET", path + "?limit=" + std::to_string(limit), "", lobby ? "GetLobbyMessagesWithLimit" : "GetUserMessagesWithLimit"),
      [&impl, callback, channel_id, limit, filter](http::ApiResponse response) {
        std::vector<MessageHandle> handles;
        ClientResult result = response.result;
        if (result.Successful()) {
          auto doc = json::Document::Parse(response.body);
          if (!doc || !doc->Root().IsArray()) {
            result = http::MalformedResponse(response.status, response.body, false, "history is not a list");
          } else {
            std::vector<social::MessageRecord> page;
            uint64_t channel = channel_id;
            for (const auto& item : doc->Root().Items()) {
              impl.social().RememberUser(item["author"]);
              if (auto parsed = social::ParseMessage(item)) {
                if (channel == 0) channel = parsed->channel_id;
                impl.social().RememberDmChannel(*parsed);
                page.push_back(std::move(*parsed));
              }
            }
            std::vector<uint64_t> ids;
            for (const auto& m : page) ids.push_back(m.id);
            if (channel != 0) impl.social().state()->messages.AddHistory(channel, std::move(page), static_cast<size_t>(limit));
            std::vector<const social::MessageRecord*> records;
            for (uint64_t id : ids) {
              if (const auto* m = impl.social().state()->messages.Find(id)) records.push_back(m);
            }
            handles = Handles(impl, filter(std::move(records)));
          }
        }
        if (callback) impl.Post([callback, result, handles] { callback(result, handles); });
      });
}

// The DM channel with a user, if the SDK has seen one.
uint64_t DmChannelWith(ClientImpl& impl, uint64_t user_id) {
  for (const auto& [id, channel] : impl.social().state()->channels) {
    if (channel.type == ChannelType::Dm && channel.recipients.size() == 1 && channel.recipients[0] == user_id) return id;
  }
  return 0;
}

bool CheckLimit(ClientImpl& impl, int32_t limit, const Client::MessagesCallback& callback) {
  auto problem = rules::CheckRange("limit", limit, 1, static_cast<int64_t>(limits::kMaxHistoryMessagesCount));
  if (!problem) return true;
  if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem), {}); });
  return false;
}

}  // namespace

void Client::SendLobbyMessage(uint64_t lobbyId, std::string const& content, SendUserMessageCallback callback) {
  SendLobbyMessageWithMetadata(lobbyId, content, {}, std::move(callback));
}

void Client::SendLobbyMessageWithMetadata(uint64_t lobbyId, std::string const& content, StringMap const& metadata,
                                          SendUserMessageCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), uint64_t{0});
  SendMessage(*impl_, "/lobbies/" + std::to_string(lobbyId) + "/messages", content, metadata, "SendLobbyMessage",
              std::move(callback));
}

void Client::SendUserMessage(uint64_t recipientId, std::string const& content, SendUserMessageCallback callback) {
  SendUserMessageWithMetadata(recipientId, content, {}, std::move(callback));
}

void Client::SendUserMessageWithMetadata(uint64_t recipientId, std::string const& content, StringMap const& metadata,
                                         SendUserMessageCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), uint64_t{0});
  SendMessage(*impl_, "/users/@me/dms/" + std::to_string(recipientId) + "/messages", content, metadata,
              "SendUserMessage", std::move(callback));
}

void Client::EditUserMessage(uint64_t recipientId, uint64_t messageId, std::string const& content,
                             ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  ClientImpl& impl = *impl_;
  if (auto problem = CheckMessage(content, {})) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem)); });
    return;
  }
  json::Writer body;
  body.BeginObject().Key("content").String(content).EndObject();
  impl.AuthedRequest(
      requests::Json("PATCH", "/users/@me/dms/" + std::to_string(recipientId) + "/messages/" + std::to_string(messageId),
                  body.Take(), "EditUserMessage"),
      [&impl, callback](http::ApiResponse response) {
        if (response.result.Successful()) {
          if (auto doc = json::Document::Parse(response.body)) impl.social().ApplyMessage(doc->Root(), social::Origin::Update);
        }
        if (callback) impl.Post([callback, result = response.result] { callback(result); });
      });
}

void Client::DeleteUserMessage(uint64_t recipientId, uint64_t messageId, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  ClientImpl& impl = *impl_;
  impl.AuthedRequest(
      requests::Json("DELETE", "/users/@me/dms/" + std::to_string(recipientId) + "/messages/" + std::to_string(messageId),
                  "", "DeleteUserMessage"),
      [&impl, callback, messageId](http::ApiResponse response) {
        if (response.result.Successful()) impl.social().DeleteMessage(0, messageId);
        if (callback) impl.Post([callback, result = response.result] { callback(result); });
      });
}

void Client::GetLobbyMessagesWithLimit(uint64_t lobbyId, int32_t limit, MessagesCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::vector<MessageHandle>{});
  ClientImpl& impl = *impl_;
  if (!CheckLimit(impl, limit, callback)) return;
  auto state = impl.social().state();
  const auto* lobby = state->Lobby(lobbyId);
  bool member = lobby && std::any_of(lobby->members.begin(), lobby->members.end(),
                                     [&](const auto& m) { return m.id == state->current_user_id; });
  if (impl.status() == Client::Status::Ready && !member) {
    if (callback) impl.Post([callback] { callback(Invalid("lobbyId: the user is not in this lobby"), {}); });
    return;
  }
  History(impl, lobbyId, "/lobbies/" + std::to_string(lobbyId) + "/messages", limit, true, std::move(callback));
}

void Client::GetUserMessagesWithLimit(uint64_t recipientId, int32_t limit, MessagesCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::vector<MessageHandle>{});
  ClientImpl& impl = *impl_;
  if (!CheckLimit(impl, limit, callback)) return;
  History(impl, DmChannelWith(impl, recipientId), "/users/@me/dms/" + std::to_string(recipientId) + "/messages", limit,
          false, std::move(callback));
}

void Client::GetUserMessageSummaries(UserMessageSummariesCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::vector<UserMessageSummary>{});
  ClientImpl& impl = *impl_;
  impl.AuthedRequest(requests::Json("GET", "/users/@me/dms/summaries", "", "GetUserMessageSummaries"),
                     [&impl, callback](http::ApiResponse response) {
                       std::vector<UserMessageSummary> summaries;
                       if (response.result.Successful()) {
                         if (auto doc = json::Document::Parse(response.body)) {
                           for (const auto& item : doc->Root().Items()) {
                             auto user = item["user_id"].Snowflake();
                             auto last = item["last_message_id"].Snowflake();
                             if (user && last) summaries.push_back(detail::SocialFactory::Summary(*last, *user));
                           }
                         }
                       }
                       if (callback) impl.Post([callback, result = response.result, summaries] { callback(result, summaries); });
                     });
}

std::optional<MessageHandle> Client::GetMessageHandle(uint64_t messageId) const {
  if (!impl_ || !impl_->social().state()->messages.Find(messageId)) return std::nullopt;
  return detail::SocialFactory::Message(impl_->social().ref(), messageId);
}

std::optional<ChannelHandle> Client::GetChannelHandle(uint64_t channelId) const {
  if (!impl_) return std::nullopt;
  auto state = impl_->social().state();
  if (!state->Channel(channelId) && !state->Lobby(channelId)) return std::nullopt;
  return detail::SocialFactory::Channel(impl_->social().ref(), channelId);
}

void Client::SetMessageCreatedCallback(MessageCreatedCallback callback) {
  if (impl_) impl_->social().callbacks().message_created = std::move(callback);
}
void Client::SetMessageUpdatedCallback(MessageUpdatedCallback callback) {
  if (impl_) impl_->social().callbacks().message_updated = std::move(callback);
}
void Client::SetMessageDeletedCallback(MessageDeletedCallback callback) {
  if (impl_) impl_->social().callbacks().message_deleted = std::move(callback);
}
void Client::SetShowingChat(bool showingChat) {
  // The real SDK uses it to keep the chat client's notifications from doubling the game's own
  // chat; sdkpp has no notifications to hold back yet (README), so it only says so, once per change.
  if (!impl_ || impl_->showing_chat() == showingChat) return;
  impl_->set_showing_chat(showingChat);
  impl_->logger().Log(LoggingSeverity::Warning, std::string("SetShowingChat(") + (showingChat ? "true" : "false") +
                                                 "): noted; it has no effect yet (no chat notifications to hold back)");
}

}  // namespace sdkpp
