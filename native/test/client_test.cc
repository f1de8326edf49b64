// Client basics: application id, versions, endpoints and their override order.
#include "framework/test.h"

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "client/client_access.h"
#include "env_guard.h"
#include "sdkpp/client.h"
#include "sdkpp/version.h"

namespace {

using sdkpp::Client;

TEST(Client, ApplicationIdRoundTrips) {
  Client client;
  EXPECT_EQ(client.GetApplicationId(), 0u);
  client.SetApplicationId(1234567890123456789ull);
  EXPECT_EQ(client.GetApplicationId(), 1234567890123456789ull);
}

TEST(Client, VersionMatchesPackageJson) {
  std::ifstream in(SDKPP_PACKAGE_JSON);
  std::stringstream text;
  text << in.rdbuf();
  std::smatch match;
  std::string json = text.str();
  ASSERT_TRUE(std::regex_search(json, match, std::regex("\"version\":\\s*\"(\\d+)\\.(\\d+)\\.(\\d+)")));
  EXPECT_EQ(Client::GetVersionMajor(), std::stoi(match[1]));
  EXPECT_EQ(Client::GetVersionMinor(), std::stoi(match[2]));
  EXPECT_EQ(Client::GetVersionPatch(), std::stoi(match[3]));
  EXPECT_FALSE(Client::GetVersionHash().empty());
}

using sdkpp::testing::EnvGuard;

TEST(Client, EndpointsDefaultEnvironmentAndOptions) {
  EnvGuard api("SDKPP_API_BASE", nullptr);
  EnvGuard web("SDKPP_WEB_BASE", nullptr);
  {
    Client client;
    EXPECT_EQ(sdkpp::detail::ClientAccess::Impl(client)->endpoints().api_base, sdkpp::kDefaultApiBase);
    EXPECT_EQ(sdkpp::detail::ClientAccess::Impl(client)->endpoints().web_base, sdkpp::kDefaultWebBase);
  }
  EnvGuard api_env("SDKPP_API_BASE", "http://127.0.0.1:9999/api/");
  EnvGuard web_env("SDKPP_WEB_BASE", "http://127.0.0.1:9999");
  {
    Client client;  // the environment overrides the defaults (trailing slash trimmed)
    EXPECT_EQ(sdkpp::detail::ClientAccess::Impl(client)->endpoints().api_base, "http://127.0.0.1:9999/api");
    EXPECT_EQ(sdkpp::detail::ClientAccess::Impl(client)->endpoints().web_base, "http://127.0.0.1:9999");
  }
  {
    Client client("http://127.0.0.1:1/api", "http://127.0.0.1:1");  // explicit wins
    EXPECT_EQ(sdkpp::detail::ClientAccess::Impl(client)->endpoints().api_base, "http://127.0.0.1:1/api");
    sdkpp::ClientCreateOptions options;
    options.SetWebBase("https://web.test");
    Client with_options(options);
    EXPECT_EQ(sdkpp::detail::ClientAccess::Impl(with_options)->endpoints().web_base, "https://web.test");
    EXPECT_EQ(sdkpp::detail::ClientAccess::Impl(with_options)->endpoints().api_base, "http://127.0.0.1:9999/api");
  }
}

}  // namespace
