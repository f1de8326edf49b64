#include "gateway/dispatch_handlers.h"

namespace sdkpp::gateway {

void DispatchHandlers::Register(std::initializer_list<std::string_view> types, const Handler& handler) {
  for (auto type : types) handlers_[std::string(type)].push_back(handler);
}

void DispatchHandlers::Dispatch(std::string_view type, const json::Value& data) const {
  auto it = handlers_.find(std::string(type));
  if (it == handlers_.end()) return;
  for (const auto& handler : it->second) handler(type, data);
}

}  // namespace sdkpp::gateway
