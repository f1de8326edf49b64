// Shared object model of every value class (docs/guides/migrating-from-cpp.md, "Object model"):
// a valid instance owns its fields; `nullobj` and moved-from instances own none.
// Copies are deep, moves leave the source invalid, and getters of an invalid instance
// read default values instead of crashing.
#pragma once

#include <memory>
#include <utility>

namespace sdkpp::detail {

template <class Fields>
class ValueObject {
 public:
  explicit operator bool() const noexcept { return fields_ != nullptr; }

 protected:
  ValueObject() : fields_(std::make_unique<Fields>()) {}
  explicit ValueObject(std::nullptr_t) noexcept {}
  ValueObject(const ValueObject& other)
      : fields_(other.fields_ ? std::make_unique<Fields>(*other.fields_) : nullptr) {}
  ValueObject(ValueObject&& other) noexcept : fields_(std::move(other.fields_)) {}
  ValueObject& operator=(const ValueObject& other) {
    if (this != &other) {
      fields_ = other.fields_ ? std::make_unique<Fields>(*other.fields_) : nullptr;
    }
    return *this;
  }
  ValueObject& operator=(ValueObject&& other) noexcept {
    if (this != &other) fields_ = std::move(other.fields_);
    return *this;
  }
  ~ValueObject() = default;

  const Fields& Read() const noexcept {
    static const Fields kDefaults{};
    return fields_ ? *fields_ : kDefaults;
  }
  // Null for an invalid instance: setters on nullobj or a moved-from object change nothing.
  Fields* Write() noexcept { return fields_.get(); }

 private:
  std::unique_ptr<Fields> fields_;
};

}  // namespace sdkpp::detail
