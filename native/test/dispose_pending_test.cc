// Destroying a Client while its calls are pending (issue 11, item 1): every call is answered
// once, ClientDestroyed, and nothing runs against the freed implementation. Built under ASan by
// `npm run test:asan`, so a use after free here fails the run.
#include "framework/test.h"

#include <optional>

#include "callbacks/app_callbacks.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

struct Answers {
  int calls = 0;
  std::optional<ErrorType> type;
  Client::ResultCallback Capture() {
    return [this](ClientResult result) {
      ++calls;
      type = result.Type();
    };
  }
};

// What the addon's Destroy does: the implementation moves out of the Client and dies with the
// temporary; the moved-from Client stays behind.
void DestroyAsTheAddonDoes(Client& client) { Client doomed = std::move(client); }

TEST(DisposePending, ACallMadeBeforeATokenAnswersClientDestroyedWhenTheClientGoesFirst) {
  Harness h;
  Answers leave, unlink;
  h.client.LeaveLobby(1, leave.Capture());  // refused for want of a token; its answer is queued
  h.client.UnlinkChannelFromLobby(1, unlink.Capture());
  DestroyAsTheAddonDoes(h.client);
  Pump();
  Pump();
  EXPECT_EQ(leave.calls, 1);
  EXPECT_EQ(leave.type, ErrorType::ClientDestroyed);
  EXPECT_EQ(unlink.calls, 1);
  EXPECT_EQ(unlink.type, ErrorType::ClientDestroyed);
  EXPECT_TRUE(h.platform->requests.empty());
}

TEST(DisposePending, ACallMadeBeforeATokenStillAnswersClientNotReadyWhileTheClientLives) {
  Harness h;
  Answers leave;
  h.client.LeaveLobby(1, leave.Capture());
  Pump();
  DestroyAsTheAddonDoes(h.client);
  Pump();
  EXPECT_EQ(leave.calls, 1);
  EXPECT_EQ(leave.type, ErrorType::ClientNotReady);
}

TEST(DisposePending, ChannelLinkingInFlightAnswersClientDestroyedAfterTheImplementationMovesOut) {
  Harness h;
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-dispose-1", nullptr);
  if (auto* me = h.platform->Pending(); me && me->http.url.ends_with("/oauth2/@me")) {
    h.platform->Respond(me, 200, R"({"expires":"2030-01-01T00:00:00Z"})");
  }
  Pump();
  Answers link, unlink;
  h.client.LinkChannelToLobby(1, 2, link.Capture());
  h.client.UnlinkChannelFromLobby(1, unlink.Capture());
  ASSERT_EQ(h.platform->CountRequests("/lobbies/1/channel-linking"), 2u);
  DestroyAsTheAddonDoes(h.client);
  Pump();
  EXPECT_EQ(link.calls, 1);
  EXPECT_EQ(link.type, ErrorType::ClientDestroyed);
  EXPECT_EQ(unlink.calls, 1);
  EXPECT_EQ(unlink.type, ErrorType::ClientDestroyed);
}

// The mechanism under both: a deferred step runs from the queue while its owner lives, or its
// `ended` runs at End(), never both and never after.
TEST(AppCallbacks, AStepRunsOnceFromTheQueueOrEndedAtEndNeverBoth) {
  auto queue = std::make_shared<callbacks::CallbackQueue>();
  int steps = 0, ended = 0;
  {
    callbacks::AppCallbacks app(queue);
    app.PostStep([&] { ++steps; }, [&] { ++ended; });
    queue->RunPending();
    app.End();
  }
  EXPECT_EQ(steps, 1);
  EXPECT_EQ(ended, 0);

  std::vector<int> order;
  {
    callbacks::AppCallbacks app(queue);
    app.PostStep([&] { ++steps; }, [&] { order.push_back(1); });
    app.PostStep([&] { ++steps; }, [&] { order.push_back(2); });
    app.End();
    app.PostStep([&] { ++steps; }, [&] { order.push_back(3); });  // after End: at once
  }
  queue->RunPending();
  EXPECT_EQ(steps, 1);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
}

}  // namespace
}  // namespace sdkpp::testing
