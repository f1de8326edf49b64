#include "enums/enum_exports.h"

namespace sdkpp::napi {
namespace {

Napi::Object Frozen(Napi::Object object) {
  Napi::Env env = object.Env();
  Napi::Function freeze =
      env.Global().Get("Object").As<Napi::Object>().Get("freeze").As<Napi::Function>();
  return freeze.Call({object}).As<Napi::Object>();
}

Napi::Object OwnerObject(Napi::Object nested, const char* owner) {
  if (!nested.Has(owner)) nested.Set(owner, Napi::Object::New(nested.Env()));
  return nested.Get(owner).As<Napi::Object>();
}

}  // namespace

void ExportEnums(Napi::Env env, Napi::Object exports) {
#define SDKPP_SET_MEMBER(name, value) object.Set(#name, Napi::Number::New(env, value));
#define SDKPP_EXPORT_ENUM(Type, jsName, LIST) \
  {                                           \
    Napi::Object object = Napi::Object::New(env); \
    LIST(SDKPP_SET_MEMBER)                    \
    exports.Set(jsName, Frozen(object));      \
  }
#define SDKPP_EXPORT_NESTED_ENUM(Type, jsOwner, jsName, LIST) \
  {                                                           \
    Napi::Object object = Napi::Object::New(env);             \
    LIST(SDKPP_SET_MEMBER)                                    \
    OwnerObject(nested, jsOwner).Set(jsName, Frozen(object)); \
  }

  SDKPP_FOR_EACH_NAMESPACE_ENUM(SDKPP_EXPORT_ENUM)
  Napi::Object nested = Napi::Object::New(env);
  SDKPP_FOR_EACH_NESTED_ENUM(SDKPP_EXPORT_NESTED_ENUM)
  exports.Set("nestedEnums", nested);

#undef SDKPP_EXPORT_NESTED_ENUM
#undef SDKPP_EXPORT_ENUM
#undef SDKPP_SET_MEMBER
}

}  // namespace sdkpp::napi
