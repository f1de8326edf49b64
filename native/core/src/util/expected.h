// A value or the ClientResult that explains why there is none.
#pragma once

#include <optional>
#include <utility>

#include "sdkpp/client_result.h"

namespace sdkpp {

template <class T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)), error_(ClientResult::Success()) {}
  Expected(ClientResult error) : error_(std::move(error)) {}

  bool ok() const noexcept { return value_.has_value(); }
  explicit operator bool() const noexcept { return ok(); }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  const ClientResult& error() const noexcept { return error_; }

 private:
  std::optional<T> value_;
  ClientResult error_;
};

}  // namespace sdkpp
