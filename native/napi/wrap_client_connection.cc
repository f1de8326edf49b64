// NativeClient's connection methods (core: native/core/src/client/client_connection.cc).
#include "args.h"
#include "callback_adapter.h"
#include "wrap_client.h"

namespace sdkpp::napi {

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::ConnectionMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::Connect>("Connect"),
          InstanceMethod<&W::Disconnect>("Disconnect"),
          InstanceMethod<&W::SetStatusChangedCallback>("SetStatusChangedCallback"),
          InstanceMethod<&W::GetStatus>("GetStatus")};
}

void ClientWrap::Connect(const Napi::CallbackInfo&) { client_->Connect(); }

void ClientWrap::Disconnect(const Napi::CallbackInfo&) { client_->Disconnect(); }

void ClientWrap::SetStatusChangedCallback(const Napi::CallbackInfo& info) {
  client_->SetStatusChangedCallback(RequiredHandler<Client::OnStatusChanged>(ArgRef{info, 0, "Client.SetStatusChangedCallback", "callback"}));
}

Napi::Value ClientWrap::GetStatus(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int>(client_->GetStatus()));
}

}  // namespace sdkpp::napi
