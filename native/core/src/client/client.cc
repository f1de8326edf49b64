// The Client's lifetime (constructors, moves, nullobj). Its methods live in client_<area>.cc, one
// file per area of the reference: auth, connection, presence, lobbies, messages, relationships,
// users.
#include "sdkpp/client.h"

#include "client/client_impl.h"

namespace sdkpp {
namespace {

ClientCreateOptions OptionsWithBases(std::string api_base, std::string web_base) {
  ClientCreateOptions options;
  options.SetApiBase(std::move(api_base));
  options.SetWebBase(std::move(web_base));
  return options;
}

}  // namespace

const Client Client::nullobj{nullptr};

Client::Client() : Client(ClientCreateOptions()) {}
Client::Client(std::string apiBase, std::string webBase)
    : Client(OptionsWithBases(std::move(apiBase), std::move(webBase))) {}
Client::Client(ClientCreateOptions options) : Client(std::move(options), nullptr) {}
Client::Client(ClientCreateOptions options, std::shared_ptr<Platform> platform)
    : impl_(std::make_unique<ClientImpl>(options ? options : ClientCreateOptions(),
                                         std::move(platform))) {}
Client::Client(std::nullptr_t) noexcept {}
Client::~Client() = default;
Client::Client(Client&& other) noexcept = default;
Client& Client::operator=(Client&& other) noexcept = default;

}  // namespace sdkpp
