// The macros that write the repetitive parts of the JS classes, in one place (the handle and
// voice classes, the Client's event-handler setters). Each expands to code that names what its
// comment says; the including file provides those names.
#pragma once

namespace sdkpp::napi {

// --- Declaring a handle class (a live view the SDK hands out; no public constructor)

// Opens `class Wrap : public ValueWrap<Wrap, Value>` (value_wrap.h) with its class name and type
// tag; the member functions follow (SDKPP_METHOD), then SDKPP_HANDLE_WRAP_END.
#define SDKPP_HANDLE_WRAP_BEGIN(Wrap, Value, Name, Tag1, Tag2)                              \
  class Wrap : public ValueWrap<Wrap, Value> {                                            \
   public:                                                                                \
    static constexpr const char* kClassName = Name;                                       \
    static constexpr const char* kMadeBy = "the SDK hands these out";                     \
    static constexpr bool kHasPublicConstructor = false;                                  \
    static constexpr napi_type_tag kTypeTag = {Tag1, Tag2};                               \
    using Base::Base;                                                                     \
    static Napi::Function Define(Napi::Env env);                                          \
    static Napi::Function Constructor(Napi::Env env);                                     \
                                                                                          \
   private:

#define SDKPP_HANDLE_WRAP_END };

// A JS method of the class being declared.
#define SDKPP_METHOD(Name) Napi::Value Name(const Napi::CallbackInfo& info);

// --- Defining a class registered by name (AddonData::classes, addon_data.h)

#define SDKPP_CONSTRUCTOR(Wrap)                                             \
  Napi::Function Wrap::Constructor(Napi::Env env) {                         \
    return AddonData::Of(env).classes[kClassName].Value();                  \
  }
// A getter that converts the C++ result with ToJs (convert.h).
#define SDKPP_GET(Wrap, Name)                                               \
  Napi::Value Wrap::Name(const Napi::CallbackInfo& info) { return ToJs(info.Env(), value().Name()); }
// A getter returning an optional handle or value wrapped in its JS class.
#define SDKPP_GET_WRAPPED(Wrap, Name, Target)                               \
  Napi::Value Wrap::Name(const Napi::CallbackInfo& info) {                  \
    auto result = value().Name();                                           \
    if (!result) return info.Env().Undefined();                             \
    return Target::NewInstance(info.Env(), *result);                        \
  }
// One method of the class's JS prototype, for SDKPP_DEFINE.
#define SDKPP_M(Wrap, Name) Wrap::InstanceMethod<&Wrap::Name>(#Name)
// Wrap::Define: the JS class with the methods given (SDKPP_M) and the `valid` getter.
#define SDKPP_DEFINE(Wrap, ...)                                                              \
  Napi::Function Wrap::Define(Napi::Env env) {                                               \
    std::vector<Napi::ClassPropertyDescriptor<Wrap>> methods = {__VA_ARGS__, ValidGetter()}; \
    Napi::Function constructor = DefineClass(env, kClassName, methods);                      \
    return Finish(env, constructor, AddonData::Of(env).classes[kClassName]);                 \
  }

// --- The Client's event-handler setters (client/wrap_client.h, callbacks/callback_adapter.h)

// ClientWrap::Name: hands the core the app's handler (or none, for undefined or null).
#define SDKPP_SET_HANDLER(Name, Type)                                                        \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                   \
    client_->Name(Handler<Client::Type>(ArgRef{info, 0, "Client." #Name, "callback"}));     \
  }

}  // namespace sdkpp::napi
