// The JS class behind every value class: owns one C++ value, exposes `nullobj` and a `valid`
// getter, and lets native code recover the C++ value from a JS object safely (type tags: an
// object of another class, or a plain object with a borrowed prototype, is refused instead of
// being misread).
#pragma once

#include <napi.h>

#include <string>
#include <utility>

#include "args.h"

namespace sdkpp::napi {

namespace detail {
// The only External accepted by a wrap constructor: JS code cannot forge its address, so
// `new AuthorizationCodeVerifier(x)` from JS can never adopt a value.
inline int construct_token = 0;
template <class Value>
inline thread_local const Value* pending_value = nullptr;
}  // namespace detail

template <class Derived, class Value>
class ValueWrap : public Napi::ObjectWrap<Derived> {
 public:
  explicit ValueWrap(const Napi::CallbackInfo& info)
      : Napi::ObjectWrap<Derived>(info), value_(Value::nullobj) {
    if (info.Length() == 1 && info[0].IsExternal() &&
        info[0].As<Napi::External<int>>().Data() == &detail::construct_token &&
        detail::pending_value<Value> != nullptr) {
      value_ = *detail::pending_value<Value>;
      detail::pending_value<Value> = nullptr;
    } else if constexpr (Derived::kHasPublicConstructor) {
      value_ = Value();
    } else {
      throw Napi::TypeError::New(info.Env(), std::string(Derived::kClassName) +
                                                 " has no public constructor; " +
                                                 Derived::kMadeBy);
    }
    info.This().As<Napi::Object>().TypeTag(&Derived::kTypeTag);
  }

  // A new JS instance holding a copy of `value`.
  static Napi::Object NewInstance(Napi::Env env, const Value& value) {
    Napi::EscapableHandleScope scope(env);
    detail::pending_value<Value> = &value;
    Napi::Object object = Derived::Constructor(env).New(
        {Napi::External<int>::New(env, &detail::construct_token)});
    detail::pending_value<Value> = nullptr;
    return scope.Escape(object).As<Napi::Object>();
  }

  // The C++ value of `arg`, or a TypeError naming the argument.
  static const Value& FromArg(const ArgRef& arg) {
    Napi::Value value = arg.value();
    if (!value.IsObject() || !value.As<Napi::Object>().CheckTypeTag(&Derived::kTypeTag)) {
      ThrowTypeError(arg, std::string("must be a ") + Derived::kClassName);
    }
    return Napi::ObjectWrap<Derived>::Unwrap(value.As<Napi::Object>())->value_;
  }

  const Value& value() const { return value_; }
  Value& value() { return value_; }

 protected:
  using Base = ValueWrap<Derived, Value>;

  // Adds `nullobj` (read-only) to a freshly defined class and remembers its constructor.
  static Napi::Function Finish(Napi::Env env, Napi::Function constructor,
                               Napi::FunctionReference& slot) {
    slot = Napi::Persistent(constructor);
    constructor.DefineProperty(Napi::PropertyDescriptor::Value(
        "nullobj", NewInstance(env, Value::nullobj), napi_enumerable));
    return constructor;
  }

  static Napi::ClassPropertyDescriptor<Derived> ValidGetter() {
    return Napi::ObjectWrap<Derived>::InstanceAccessor("valid", &ValueWrap::Valid, nullptr);
  }

  ArgRef Arg(const Napi::CallbackInfo& info, size_t index, const char* method,
             const char* name) const {
    return ArgRef{info, index, method, name};
  }

 private:
  Napi::Value Valid(const Napi::CallbackInfo& info) {
    return Napi::Boolean::New(info.Env(), static_cast<bool>(value_));
  }

  Value value_;
};

}  // namespace sdkpp::napi
