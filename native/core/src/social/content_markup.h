// A message's chat markup made readable for games, which show plain text: mentions become
// names, custom emoji become :name:. Pure, so it is tested without a Client.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace sdkpp::social {

// The name to show for an id, or nullopt when the SDK does not know it.
using NameLookup = std::function<std::optional<std::string>(uint64_t id)>;

// <@id> and <@!id> → @user name; <#id> → #channel name (unknown ids stay as written);
// <:name:id> and <a:name:id> → :name:. Anything else, malformed markup included, is copied
// unchanged. Linear in the input's length.
std::string RenderContentMarkup(std::string_view raw, const NameLookup& user_name,
                                const NameLookup& channel_name);

}  // namespace sdkpp::social
