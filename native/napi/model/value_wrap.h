// The JS class behind every value class: owns one C++ value, exposes `nullobj` and a `valid`
// getter, and lets native code recover the C++ value from a JS object safely (type tags: an
// object of another class, or a plain object with a borrowed prototype, is refused instead of
// being misread).
#pragma once

#include <napi.h>

#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "callbacks/addon_data.h"
#include "util/args.h"

namespace sdkpp::napi {

namespace detail {
// The only External accepted by a wrap constructor: JS code cannot forge its address, so
// `new AuthorizationCodeVerifier(x)` from JS can never adopt a value.
inline int construct_token = 0;
template <class Value>
inline thread_local const Value* pending_value = nullptr;
// What a value class's Define registered with StringMethod and Mutator, handed to AddonData by
// Finish (per thread: a worker defines its own classes).
template <class Derived>
inline thread_local std::vector<const char*> pending_string_getters;
template <class Derived>
inline thread_local std::vector<const char*> pending_mutators;
}  // namespace detail

// A value class whose string getters the façade memoizes (lib/sdk/string_getter_memo.ts) declares
// `static constexpr bool kMemoizesStrings = true`. Its C++ value is then writable only inside a
// method registered with Mutator, so every way JS can change it is a method the façade knows.
template <class Derived>
concept MemoizesStrings = requires { requires Derived::kMemoizesStrings; };

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

  static Napi::Value ConstructToken(Napi::Env env) {
    auto& slot = AddonData::Of(env).construct_token;
    if (slot.IsEmpty()) slot = Napi::Persistent(Napi::External<int>::New(env, &detail::construct_token));
    return slot.Value();
  }

  // A new JS instance holding a copy of `value`.
  static Napi::Object NewInstance(Napi::Env env, const Value& value) {
    Napi::EscapableHandleScope scope(env);
    detail::pending_value<Value> = &value;
    Napi::Object object = Derived::Constructor(env).New({ConstructToken(env)});
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
  // Closed to memoizing classes: their mutators get the value from Mutator (see below).
  Value& value()
    requires(!MemoizesStrings<Derived>)
  {
    return value_;
  }

 protected:
  using Base = ValueWrap<Derived, Value>;

  // Adds `nullobj` (read-only) to a freshly defined class and remembers its constructor.
  static Napi::Function Finish(Napi::Env env, Napi::Function constructor,
                               Napi::FunctionReference& slot) {
    slot = Napi::Persistent(constructor);
    auto& strings = detail::pending_string_getters<Derived>;
    auto& mutators = detail::pending_mutators<Derived>;
    if (!strings.empty()) {
      AddonData::Of(env).value_class_shapes.push_back({&slot, std::move(strings), std::move(mutators)});
    }
    strings.clear();
    mutators.clear();
    constructor.DefineProperty(Napi::PropertyDescriptor::Value(
        "nullobj", NewInstance(env, Value::nullobj), napi_enumerable));
    return constructor;
  }

  // V8 checks the receiver of methods ("Illegal invocation"), but not of accessors: a getter
  // borrowed onto an object of another class (Object.getOwnPropertyDescriptor(A.prototype,
  // 'valid').get.call(b)) would read b's C++ object as an A. So this getter checks the type tag
  // of `this` first, through the C API (nothing here may throw a C++ exception).
  static Napi::ClassPropertyDescriptor<Derived> ValidGetter() {
    napi_property_descriptor descriptor{};
    descriptor.utf8name = "valid";
    descriptor.getter = &ValueWrap::ValidGetterCallback;
    descriptor.attributes = napi_default;
    return Napi::ClassPropertyDescriptor<Derived>(descriptor);
  }

  // A method returning one of the value's strings, straight on the C API: the wrapper of
  // InstanceMethod (CallbackInfo, Unwrap through ObjectWrap, Napi::String) cost as much as the
  // crossing itself. V8 checks the receiver of prototype methods ("Illegal invocation" for an
  // object of another class), so `this` is one of ours.
  // The façade replaces these methods by memoizing ones (lib/sdk/string_getter_memo.ts): a plain
  // JS read instead of a crossing, valid until a Mutator of the same object runs.
  template <auto Getter>
  static Napi::ClassPropertyDescriptor<Derived> StringMethod(const char* name) {
    static_assert(MemoizesStrings<Derived>,
                  "a class with StringMethod getters declares kMemoizesStrings and registers every "
                  "method that changes its value with Mutator");
    detail::pending_string_getters<Derived>.push_back(name);
    napi_property_descriptor descriptor{};
    descriptor.utf8name = name;
    descriptor.method = &StringMethodCallback<Getter>;
    descriptor.attributes = static_cast<napi_property_attributes>(napi_writable | napi_configurable);
    return Napi::ClassPropertyDescriptor<Derived>(descriptor);
  }

  // A method that changes the value: `void Method(const Napi::CallbackInfo&, Value&)`. The only
  // way to a writable value in a memoizing class, so the façade can drop the memo of the object
  // before each one runs.
  template <auto Method>
  static Napi::ClassPropertyDescriptor<Derived> Mutator(const char* name) {
    detail::pending_mutators<Derived>.push_back(name);
    return Napi::ObjectWrap<Derived>::InstanceMethod(
        name, &ValueWrap::MutateThunk<Method>,
        static_cast<napi_property_attributes>(napi_writable | napi_configurable));
  }

  ArgRef Arg(const Napi::CallbackInfo& info, size_t index, const char* method,
             const char* name) const {
    return ArgRef{info, index, method, name};
  }

 private:
  template <auto Method>
  void MutateThunk(const Napi::CallbackInfo& info) {
    (static_cast<Derived*>(this)->*Method)(info, value_);
  }

  template <auto Getter>
  static napi_value StringMethodCallback(napi_env env, napi_callback_info info) {
    napi_value self = nullptr;
    void* wrapped = nullptr;
    if (napi_get_cb_info(env, info, nullptr, nullptr, &self, nullptr) != napi_ok || self == nullptr ||
        napi_unwrap(env, self, &wrapped) != napi_ok || wrapped == nullptr) {
      char message[160];
      std::snprintf(message, sizeof message, "%s: illegal invocation (not a %s)", Derived::kClassName,
                    Derived::kClassName);
      napi_throw_type_error(env, nullptr, message);
      return nullptr;
    }
    const std::string text = (static_cast<const Derived*>(wrapped)->value_.*Getter)();
    napi_value result = nullptr;
    napi_create_string_utf8(env, text.data(), text.size(), &result);
    return result;
  }

  static napi_value ValidGetterCallback(napi_env env, napi_callback_info info) {
    napi_value self = nullptr;
    napi_value result = nullptr;
    napi_valuetype type = napi_undefined;
    bool tagged = false;
    void* wrapped = nullptr;
    if (napi_get_cb_info(env, info, nullptr, nullptr, &self, nullptr) != napi_ok || self == nullptr ||
        napi_typeof(env, self, &type) != napi_ok || type != napi_object ||
        napi_check_object_type_tag(env, self, &Derived::kTypeTag, &tagged) != napi_ok || !tagged ||
        napi_unwrap(env, self, &wrapped) != napi_ok || wrapped == nullptr) {
      char message[160];
      std::snprintf(message, sizeof message, "%s.valid: illegal invocation (not a %s)", Derived::kClassName,
                    Derived::kClassName);
      napi_throw_type_error(env, nullptr, message);
      return nullptr;
    }
    napi_get_boolean(env, static_cast<bool>(static_cast<Derived*>(wrapped)->value_), &result);
    return result;
  }

  Value value_;
};

// A JS array of new `Wrap` instances, one per item.
template <class Wrap, class T>
Napi::Array ArrayOf(Napi::Env env, const std::vector<T>& items) {
  Napi::Array array = Napi::Array::New(env, items.size());
  for (uint32_t i = 0; i < items.size(); ++i) array.Set(i, Wrap::NewInstance(env, items[i]));
  return array;
}

// A new `Wrap` instance, or undefined for an empty optional.
template <class Wrap, class T>
Napi::Value Optional(Napi::Env env, const std::optional<T>& item) {
  if (!item) return env.Undefined();
  return Wrap::NewInstance(env, *item);
}

}  // namespace sdkpp::napi
