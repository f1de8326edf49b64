// What a message shows: chat markup rendered for display (Content vs RawContent), and what it
// carries besides text (AdditionalContent), parsed and kept current through edits.
#include "framework/test.h"

#include <chrono>

#include "json/json.h"
#include "social/content_markup.h"
#include "social/parse.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

using social::NameLookup;
using social::RenderContentMarkup;

NameLookup Names(std::unordered_map<uint64_t, std::string> names) {
  return [names = std::move(names)](uint64_t id) -> std::optional<std::string> {
    auto it = names.find(id);
    return it == names.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

std::string Render(std::string_view raw) {
  return RenderContentMarkup(raw, Names({{123, "Alice"}, {7, "Bob"}}), Names({{55, "general"}}));
}

// --- the markup function alone ---

TEST(ContentMarkup, PlainTextIsUnchanged) {
  EXPECT_EQ(Render(""), "");
  EXPECT_EQ(Render("hello"), "hello");
  EXPECT_EQ(Render("a < b > c"), "a < b > c");
}

TEST(ContentMarkup, UserMentionsBecomeNames) {
  EXPECT_EQ(Render("hi <@123>!"), "hi @Alice!");
  EXPECT_EQ(Render("hi <@!123>!"), "hi @Alice!");
  EXPECT_EQ(Render("<@7>"), "@Bob");
}

TEST(ContentMarkup, UnknownIdsStayAsWritten) {
  EXPECT_EQ(Render("<@999> <@!999> <#999>"), "<@999> <@!999> <#999>");
  EXPECT_EQ(RenderContentMarkup("<@123> <#55>", nullptr, nullptr), "<@123> <#55>");
}

TEST(ContentMarkup, ChannelMentionsBecomeNames) {
  EXPECT_EQ(Render("see <#55>"), "see #general");
}

TEST(ContentMarkup, CustomEmojiBecomeTheirNames) {
  EXPECT_EQ(Render("gg <:pog:111>"), "gg :pog:");
  EXPECT_EQ(Render("<a:party_parrot:222> yay"), ":party_parrot: yay");
  // Emoji need no lookup: the name is in the markup.
  EXPECT_EQ(RenderContentMarkup("<:a1:5>", nullptr, nullptr), ":a1:");
}

TEST(ContentMarkup, RoleMentionsAndOtherMarkupAreUntouched) {
  EXPECT_EQ(Render("<@&123>"), "<@&123>");
  EXPECT_EQ(Render("<t:1700000000:R>"), "<t:1700000000:R>");
  EXPECT_EQ(Render("<https://example.com>"), "<https://example.com>");
  EXPECT_EQ(Render("<b>bold</b>"), "<b>bold</b>");
  EXPECT_EQ(Render("<id:customize>"), "<id:customize>");
}

TEST(ContentMarkup, MalformedMarkupIsUntouched) {
  for (const char* raw : {"<@abc>", "<@>", "<@!>", "<@12a>", "<@123", "<@!123", "<#>", "<#12 >", "<# 12>",
                          "<:name:>", "<::123>", "<:name:12", "<:name123>", "<:na-me:123>", "<a:name>", "<a::1>",
                          "<b:name:1>", "<", "<@", "<:", "<a", "<a:", "< @123>", "<@ 123>", "<@!!123>"}) {
    EXPECT_EQ(Render(raw), raw) << raw;
  }
  // An id no snowflake can have (over 64 bits) is not an id.
  EXPECT_EQ(Render("<@99999999999999999999999>"), "<@99999999999999999999999>");
  EXPECT_EQ(Render("<:big:99999999999999999999999>"), "<:big:99999999999999999999999>");
}

TEST(ContentMarkup, LargestIdStillReads) {
  auto users = Names({{UINT64_MAX, "Max"}});
  EXPECT_EQ(RenderContentMarkup("<@18446744073709551615>", users, nullptr), "@Max");
  EXPECT_EQ(RenderContentMarkup("<@18446744073709551616>", users, nullptr), "<@18446744073709551616>");
}

TEST(ContentMarkup, AdjacentAndNestedLookingMarkup) {
  EXPECT_EQ(Render("<@123><@7><#55><:x:1><a:y:2>"), "@Alice@Bob#general:x::y:");
  EXPECT_EQ(Render("<<@123>>"), "<@Alice>");
  EXPECT_EQ(Render("<@<@123>"), "<@@Alice");
  EXPECT_EQ(Render("<:a<:b:1>"), "<:a:b:");
  EXPECT_EQ(Render("<@999><@123>"), "<@999>@Alice");
}

TEST(ContentMarkup, UnicodeAroundMarkupIsKept) {
  EXPECT_EQ(Render("héllo <@123> 👋 <:ok:1>ß"), "héllo @Alice 👋 :ok:ß");
  EXPECT_EQ(Render("日本<#55>語"), "日本#general語");
  // Non-ASCII inside the markup makes it malformed.
  EXPECT_EQ(Render("<:é:1>"), "<:é:1>");
  EXPECT_EQ(RenderContentMarkup("<@1>", Names({{1, "Zoë 🎮"}}), nullptr), "@Zoë 🎮");
}

TEST(ContentMarkup, EmbeddedNulBytesAreText) {
  std::string raw("a\0<@123>\0b", 10);
  EXPECT_EQ(Render(raw), std::string("a\0@Alice\0b", 10));
}

// A megabyte of markup in shapes that would make a backtracking matcher quadratic renders in
// a blink; the bound is loose so a slow CI machine cannot make it flaky.
TEST(ContentMarkup, AMegabyteRendersInLinearTime) {
  const size_t size = 1 << 20;
  auto timed = [](const std::string& raw, std::string* out) {
    auto start = std::chrono::steady_clock::now();
    *out = Render(raw);
    return std::chrono::steady_clock::now() - start;
  };
  std::string out;

  std::string mentions;
  while (mentions.size() < size) mentions += "<@123> <:e:1> <#55> x ";
  EXPECT_LT(timed(mentions, &out), std::chrono::seconds(2));
  EXPECT_EQ(out.rfind("@Alice :e: #general x ", 0), 0u);
  EXPECT_EQ(out.find('<'), std::string::npos);

  for (std::string unit : {"<", "<@", "<:", "<a:", "<@1", "<:aaaa"}) {
    std::string raw;
    while (raw.size() < size) raw += unit;
    EXPECT_LT(timed(raw, &out), std::chrono::seconds(2)) << unit;
    EXPECT_EQ(out, raw) << unit;
  }
  // One long unterminated run after a single opener.
  std::string digits = "<@" + std::string(size, '1');
  EXPECT_LT(timed(digits, &out), std::chrono::seconds(2));
  EXPECT_EQ(out, digits);
  std::string name = "<:" + std::string(size, 'n') + ":1>";
  EXPECT_LT(timed(name, &out), std::chrono::seconds(2));
  EXPECT_EQ(out, ":" + std::string(size, 'n') + ":");
}

// --- AdditionalContent from the message JSON ---

std::optional<social::AdditionalContentRecord> Parse(const std::string& message) {
  auto doc = json::Document::Parse(message);
  EXPECT_TRUE(doc) << message;
  if (!doc) return std::nullopt;
  return social::ParseAdditionalContent(doc->Root());
}

void ExpectContent(const std::string& message, AdditionalContentType type, std::optional<std::string> title,
                   uint8_t count) {
  auto parsed = Parse(message);
  ASSERT_TRUE(parsed) << message;
  EXPECT_EQ(parsed->type, type) << message;
  EXPECT_EQ(parsed->title, title) << message;
  EXPECT_EQ(parsed->count, count) << message;
}

std::string Repeat(const std::string& item, size_t times) {
  std::string out;
  for (size_t i = 0; i < times; ++i) out += (i ? "," : "") + item;
  return out;
}

TEST(AdditionalContentParse, TextOnlyHasNone) {
  EXPECT_FALSE(Parse(R"({"id":"1","content":"hi"})"));
  EXPECT_FALSE(Parse(R"({"id":"1","content":"hi","attachments":[],"embeds":[],"sticker_items":[],"flags":4})"));
  EXPECT_FALSE(Parse(R"({"id":"1","poll":null,"thread":null,"attachments":null,"type":0})"));
}

TEST(AdditionalContentParse, VoiceMessageComesFirst) {
  ExpectContent(R"({"flags":8192,"attachments":[{"filename":"voice-message.ogg"}],"embeds":[{"title":"e"}]})",
                AdditionalContentType::VoiceMessage, std::nullopt, 1);
  ExpectContent(R"({"flags":8196})", AdditionalContentType::VoiceMessage, std::nullopt, 1);  // at least one
  ExpectContent(R"({"flags":8192,"attachments":[{},{}]})", AdditionalContentType::VoiceMessage, std::nullopt, 2);
}

TEST(AdditionalContentParse, PollOverAttachments) {
  ExpectContent(R"({"poll":{"question":{"text":"Best map?"},"answers":[{"answer_id":1},{"answer_id":2},{"answer_id":3}]},
                    "attachments":[{"filename":"a.png"}]})",
                AdditionalContentType::Poll, "Best map?", 3);
  ExpectContent(R"({"poll":{}})", AdditionalContentType::Poll, std::nullopt, 0);
}

TEST(AdditionalContentParse, AttachmentsNameOnlyASingleFile) {
  ExpectContent(R"({"attachments":[{"filename":"screenshot.png"}],"sticker_items":[{"name":"s"}]})",
                AdditionalContentType::Attachment, "screenshot.png", 1);
  ExpectContent(R"({"attachments":[{"filename":"a.png"},{"filename":"b.png"}]})", AdditionalContentType::Attachment,
                std::nullopt, 2);
}

TEST(AdditionalContentParse, StickersThenEmbedsThenThreads) {
  ExpectContent(R"({"sticker_items":[{"name":"Wave"},{"name":"Cat"}],"embeds":[{"title":"e"}]})",
                AdditionalContentType::Sticker, "Wave", 2);
  ExpectContent(R"({"embeds":[{"title":"Patch notes"},{"description":"x"}],"thread":{"name":"t"}})",
                AdditionalContentType::Embed, "Patch notes", 2);
  ExpectContent(R"({"embeds":[{"description":"untitled"}]})", AdditionalContentType::Embed, std::nullopt, 1);
  ExpectContent(R"({"thread":{"id":"9","name":"Raid plans"}})", AdditionalContentType::Thread, "Raid plans", 1);
  ExpectContent(R"({"type":18,"content":"Raid plans"})", AdditionalContentType::Thread, "Raid plans", 1);
  ExpectContent(R"({"type":18,"content":"x","thread":{"name":"Raid plans"}})", AdditionalContentType::Thread,
                "Raid plans", 1);
}

TEST(AdditionalContentParse, CountSaturatesAt255) {
  ExpectContent(R"({"attachments":[)" + Repeat("{}", 300) + "]}", AdditionalContentType::Attachment, std::nullopt,
                255);
  ExpectContent(R"({"attachments":[)" + Repeat("{}", 255) + "]}", AdditionalContentType::Attachment, std::nullopt,
                255);
  ExpectContent(R"({"embeds":[)" + Repeat("{}", 256) + "]}", AdditionalContentType::Embed, std::nullopt, 255);
  ExpectContent(R"({"flags":8192,"attachments":[)" + Repeat("{}", 1000) + "]}", AdditionalContentType::VoiceMessage,
                std::nullopt, 255);
}

// --- through the social layer: a Client fed gateway events ---

struct SocialHarness : GatewayHarness {
  SocialHarness() : GatewayHarness("tok-content-1") {
    Hello();
    Dispatch("READY", R"({"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test",
      "user":{"id":"1","username":"me","global_name":"Me"},
      "relationships":[{"id":"2","type":1,"game_relationship_type":1,"user":{"id":"2","username":"friend"}}],
      "lobbies":[{"id":"500","application_id":"1234567890123456789","members":[{"id":"1"},{"id":"2"}],
                  "linked_channel":{"id":"600","name":"squad-chat","guild_id":"700"}}]})");
    Pump();
  }
};

// A lobby message; `extra` is spliced in as further members of the object.
std::string LobbyMessage(uint64_t id, const std::string& content, const std::string& extra = "") {
  return R"({"id":")" + std::to_string(id) + R"(","channel_id":"500","lobby_id":"500","content":")" + content +
         R"(","author":{"id":"2","username":"friend"},"timestamp":"2027-01-15T08:00:00.000Z")" +
         (extra.empty() ? "" : "," + extra) + "}";
}

TEST(MessageContent, ContentRendersMarkupRawContentKeepsIt) {
  SocialHarness h;
  const std::string raw = "<@1> <@!2> <@3> <#600> <#601> <#500> <:gg:42> <@&9>";
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, raw));
  auto message = h.client.GetMessageHandle(9000);
  ASSERT_TRUE(message);
  EXPECT_EQ(message->RawContent(), raw);
  // Known users by display name, the lobby's linked channel by name; unknowns stay.
  EXPECT_EQ(message->Content(), "@Me @friend <@3> #squad-chat <#601> <#500> :gg: <@&9>");
  // A user the SDK learns about later is shown from then on: handles are live.
  h.Dispatch("RELATIONSHIP_ADD", R"({"id":"3","type":1,"user":{"id":"3","username":"late","global_name":"Late Comer"}})");
  EXPECT_EQ(message->Content(), "@Me @friend @Late Comer #squad-chat <#601> <#500> :gg: <@&9>");
}

TEST(MessageContent, AGoneMessageReadsEmpty) {
  SocialHarness h;
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, "<@1>"));
  auto message = *h.client.GetMessageHandle(9000);
  h.Dispatch("LOBBY_MESSAGE_DELETE", R"({"id":"9000","lobby_id":"500","channel_id":"500"})");
  EXPECT_EQ(message.Content(), "");
  EXPECT_EQ(message.RawContent(), "");
  EXPECT_FALSE(message.AdditionalContent());
}

TEST(MessageContent, AdditionalContentFollowsEdits) {
  SocialHarness h;
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, "look", R"("attachments":[{"id":"1","filename":"map.png"}])"));
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9001, "plain"));
  auto message = *h.client.GetMessageHandle(9000);
  auto content = message.AdditionalContent();
  ASSERT_TRUE(content);
  EXPECT_EQ(content->Type(), AdditionalContentType::Attachment);
  EXPECT_EQ(content->Title(), "map.png");
  EXPECT_EQ(content->Count(), 1);
  EXPECT_FALSE(h.client.GetMessageHandle(9001)->AdditionalContent());

  // Another file added: two, so no single name.
  h.Dispatch("LOBBY_MESSAGE_UPDATE",
             LobbyMessage(9000, "look", R"("edited_timestamp":"2027-01-15T08:01:00.000Z",
               "attachments":[{"id":"1","filename":"map.png"},{"id":"2","filename":"route.png"}])"));
  content = message.AdditionalContent();
  ASSERT_TRUE(content);
  EXPECT_EQ(content->Count(), 2);
  EXPECT_EQ(content->Title(), std::nullopt);

  // Every attachment removed: a text-only message again.
  h.Dispatch("LOBBY_MESSAGE_UPDATE",
             LobbyMessage(9000, "never mind", R"("edited_timestamp":"2027-01-15T08:02:00.000Z","attachments":[])"));
  EXPECT_EQ(message.RawContent(), "never mind");
  EXPECT_FALSE(message.AdditionalContent());

  // An edit can add content of another kind, too.
  h.Dispatch("LOBBY_MESSAGE_UPDATE",
             LobbyMessage(9000, "vote", R"("edited_timestamp":"2027-01-15T08:03:00.000Z",
               "poll":{"question":{"text":"Next map?"},"answers":[{},{}]})"));
  content = message.AdditionalContent();
  ASSERT_TRUE(content);
  EXPECT_EQ(content->Type(), AdditionalContentType::Poll);
  EXPECT_EQ(content->Title(), "Next map?");
  EXPECT_EQ(content->Count(), 2);
}

TEST(MessageContent, DirectMessagesFromHistoryCarryAdditionalContent) {
  SocialHarness h;
  std::vector<MessageHandle> messages;
  h.client.GetUserMessagesWithLimit(2, 2, [&](ClientResult, std::vector<MessageHandle> m) { messages = m; });
  auto* request = h.platform->Pending();
  ASSERT_NE(request, nullptr);
  h.platform->Respond(request, 200, R"([
    {"id":"20","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"friend"},"content":"",
     "sticker_items":[{"id":"5","name":"Wave"}]},
    {"id":"10","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"friend"},"content":"hi <@1>"}])");
  Pump();
  ASSERT_EQ(messages.size(), 2u);
  auto sticker = messages[0].AdditionalContent();
  ASSERT_TRUE(sticker);
  EXPECT_EQ(sticker->Type(), AdditionalContentType::Sticker);
  EXPECT_EQ(sticker->Title(), "Wave");
  EXPECT_EQ(sticker->Count(), 1);
  EXPECT_FALSE(messages[1].AdditionalContent());
  EXPECT_EQ(messages[1].Content(), "hi @Me");
  // A DM channel has no name to show.
  auto dm = h.client.GetChannelHandle(77);  // history made the conversation known
  ASSERT_TRUE(dm);
  EXPECT_EQ(dm->Type(), ChannelType::Dm);
  EXPECT_EQ(dm->Name(), "");
}

}  // namespace
}  // namespace sdkpp::testing
