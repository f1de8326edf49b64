// Who handles which gateway event: features register the dispatch types they handle, and the
// connection's events go to them in registration order. The Client knows no event by name; a
// type nobody registered is ignored.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "json/json.h"

namespace sdkpp::gateway {

class DispatchHandlers {
 public:
  using Handler = std::function<void(std::string_view type, const json::Value& data)>;

  // `handler` receives every dispatch of one of `types`. Several handlers may take one type.
  void Register(std::initializer_list<std::string_view> types, const Handler& handler);
  void Dispatch(std::string_view type, const json::Value& data) const;

 private:
  std::unordered_map<std::string, std::vector<Handler>> handlers_;
};

}  // namespace sdkpp::gateway
