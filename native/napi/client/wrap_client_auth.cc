// NativeClient's auth methods (core: native/core/src/client/client_auth.cc): account linking and tokens: argument checks, then the core call with
// its callback turned into a JS call (results arrive from RunCallbacks on the JS thread).
#include "callbacks/addon_data.h"
#include "callbacks/callback_adapter.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "model/wrap_authorization_args.h"
#include "model/wrap_authorization_code.h"
#include "model/wrap_client_result.h"
#include "model/wrap_device_authorization_args.h"
#include "util/args.h"
#include "sdkpp/limits.h"

namespace sdkpp::napi {
namespace {

// Tokens, codes and verifiers are bounded well above any real value.
constexpr size_t kMaxSecret = 8192;

AuthenticationExternalAuthType ReadExternalAuthType(const ArgRef& arg) {
  return static_cast<AuthenticationExternalAuthType>(ReadEnumValue(
      arg, "AuthenticationExternalAuthType", &IsEnumMember<AuthenticationExternalAuthType>));
}

AuthorizationTokenType ReadTokenType(const ArgRef& arg) {
  return static_cast<AuthorizationTokenType>(
      ReadEnumValue(arg, "AuthorizationTokenType", &IsEnumMember<AuthorizationTokenType>));
}

}  // namespace

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::AuthMethods() {
  using W = ClientWrap;
  return {
          InstanceMethod<&W::Authorize>("Authorize"),
          InstanceMethod<&W::AbortAuthorize>("AbortAuthorize"),
          InstanceMethod<&W::HandleAuthorizeCallback>("HandleAuthorizeCallback"),
          InstanceMethod<&W::GetToken>("GetToken"),
          InstanceMethod<&W::GetTokenFromDevice>("GetTokenFromDevice"),
          InstanceMethod<&W::AbortGetTokenFromDevice>("AbortGetTokenFromDevice"),
          InstanceMethod<&W::OpenAuthorizeDeviceScreen>("OpenAuthorizeDeviceScreen"),
          InstanceMethod<&W::CloseAuthorizeDeviceScreen>("CloseAuthorizeDeviceScreen"),
          InstanceMethod<&W::RefreshToken>("RefreshToken"),
          InstanceMethod<&W::RevokeToken>("RevokeToken"),
          InstanceMethod<&W::UpdateToken>("UpdateToken"),
          InstanceMethod<&W::IsAuthenticated>("IsAuthenticated"),
          InstanceMethod<&W::FetchCurrentUser>("FetchCurrentUser"),
          InstanceMethod<&W::SetTokenExpirationCallback>("SetTokenExpirationCallback"),
          InstanceMethod<&W::GetProvisionalToken>("GetProvisionalToken"),
          InstanceMethod<&W::GetTokenFromProvisionalMerge>("GetTokenFromProvisionalMerge"),
          InstanceMethod<&W::UnmergeIntoProvisionalAccount>("UnmergeIntoProvisionalAccount"),
          InstanceMethod<&W::UpdateProvisionalAccountDisplayName>("UpdateProvisionalAccountDisplayName"),
          InstanceMethod<&W::ProvisionalUserMergeCompleted>("ProvisionalUserMergeCompleted"),
          InstanceMethod<&W::ExchangeChildToken>("ExchangeChildToken"),
          InstanceMethod<&W::RegisterAuthorizeRequestCallback>("RegisterAuthorizeRequestCallback"),
          InstanceMethod<&W::RemoveAuthorizeRequestCallback>("RemoveAuthorizeRequestCallback"),
          InstanceMethod<&W::SetGameWindowPid>("SetGameWindowPid"),
          StaticMethod<&W::GetDefaultCommunicationScopes>("GetDefaultCommunicationScopes"),
          StaticMethod<&W::GetDefaultPresenceScopes>("GetDefaultPresenceScopes"),
          InstanceMethod<&W::CreateAuthorizationCodeVerifier>("CreateAuthorizationCodeVerifier")};
}

void ClientWrap::Authorize(const Napi::CallbackInfo& info) {
  const char* method = "Client.Authorize";
  const AuthorizationArgs& args = AuthorizationArgsWrap::FromArg(ArgRef{info, 0, method, "args"});
  client_->Authorize(args, Completion<Client::AuthorizationCallback>(ArgRef{info, 1, method, "callback"}));
}

void ClientWrap::AbortAuthorize(const Napi::CallbackInfo&) { client_->AbortAuthorize(); }

Napi::Value ClientWrap::HandleAuthorizeCallback(const Napi::CallbackInfo& info) {
  std::string url = ReadString(ArgRef{info, 0, "Client.HandleAuthorizeCallback", "callbackUrl"}, 8192);
  return Napi::Boolean::New(info.Env(), client_->HandleAuthorizeCallback(url));
}

void ClientWrap::GetToken(const Napi::CallbackInfo& info) {
  const char* method = "Client.GetToken";
  uint64_t application_id = ReadU64(ArgRef{info, 0, method, "applicationId"});
  std::string code = ReadString(ArgRef{info, 1, method, "code"}, kMaxSecret);
  std::string verifier = ReadString(ArgRef{info, 2, method, "codeVerifier"}, kMaxSecret);
  std::string redirect = ReadString(ArgRef{info, 3, method, "redirectUri"}, kMaxUrlString);
  client_->GetToken(application_id, code, verifier, redirect, Completion<Client::TokenExchangeCallback>(ArgRef{info, 4, method, "callback"}));
}

void ClientWrap::GetTokenFromDevice(const Napi::CallbackInfo& info) {
  const char* method = "Client.GetTokenFromDevice";
  const DeviceAuthorizationArgs& args =
      DeviceAuthorizationArgsWrap::FromArg(ArgRef{info, 0, method, "args"});
  client_->GetTokenFromDevice(args, Completion<Client::TokenExchangeCallback>(ArgRef{info, 1, method, "callback"}));
}

void ClientWrap::AbortGetTokenFromDevice(const Napi::CallbackInfo&) {
  client_->AbortGetTokenFromDevice();
}

void ClientWrap::OpenAuthorizeDeviceScreen(const Napi::CallbackInfo& info) {
  const char* method = "Client.OpenAuthorizeDeviceScreen";
  uint64_t client_id = ReadU64(ArgRef{info, 0, method, "clientId"});
  std::string user_code = ReadString(ArgRef{info, 1, method, "userCode"}, kMaxShortString);
  client_->OpenAuthorizeDeviceScreen(client_id, user_code);
}

void ClientWrap::CloseAuthorizeDeviceScreen(const Napi::CallbackInfo&) {
  client_->CloseAuthorizeDeviceScreen();
}

void ClientWrap::RefreshToken(const Napi::CallbackInfo& info) {
  const char* method = "Client.RefreshToken";
  uint64_t application_id = ReadU64(ArgRef{info, 0, method, "applicationId"});
  std::string refresh = ReadString(ArgRef{info, 1, method, "refreshToken"}, kMaxSecret);
  client_->RefreshToken(application_id, refresh, Completion<Client::TokenExchangeCallback>(ArgRef{info, 2, method, "callback"}));
}

void ClientWrap::RevokeToken(const Napi::CallbackInfo& info) {
  const char* method = "Client.RevokeToken";
  uint64_t application_id = ReadU64(ArgRef{info, 0, method, "applicationId"});
  std::string token = ReadString(ArgRef{info, 1, method, "token"}, kMaxSecret);
  client_->RevokeToken(application_id, token, Completion<Client::ResultCallback>(ArgRef{info, 2, method, "callback"}));
}

void ClientWrap::UpdateToken(const Napi::CallbackInfo& info) {
  const char* method = "Client.UpdateToken";
  AuthorizationTokenType type = ReadTokenType(ArgRef{info, 0, method, "tokenType"});
  std::string token = ReadString(ArgRef{info, 1, method, "token"}, kMaxSecret);
  client_->UpdateToken(type, std::move(token), Completion<Client::ResultCallback>(ArgRef{info, 2, method, "callback"}));
}

Napi::Value ClientWrap::IsAuthenticated(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), client_->IsAuthenticated());
}

void ClientWrap::FetchCurrentUser(const Napi::CallbackInfo& info) {
  const char* method = "Client.FetchCurrentUser";
  AuthorizationTokenType type = ReadTokenType(ArgRef{info, 0, method, "tokenType"});
  std::string token = ReadString(ArgRef{info, 1, method, "token"}, kMaxSecret);
  client_->FetchCurrentUser(type, token, Completion<Client::FetchCurrentUserCallback>(ArgRef{info, 2, method, "callback"}));
}

void ClientWrap::SetTokenExpirationCallback(const Napi::CallbackInfo& info) {
  client_->SetTokenExpirationCallback(Handler<Client::TokenExpirationCallback>(ArgRef{info, 0, "Client.SetTokenExpirationCallback", "callback"}));
}

void ClientWrap::GetProvisionalToken(const Napi::CallbackInfo& info) {
  const char* method = "Client.GetProvisionalToken";
  uint64_t application_id = ReadU64(ArgRef{info, 0, method, "applicationId"});
  auto type = ReadExternalAuthType(ArgRef{info, 1, method, "externalAuthType"});
  std::string token = ReadString(ArgRef{info, 2, method, "externalAuthToken"}, kMaxSecret);
  client_->GetProvisionalToken(application_id, type, token, Completion<Client::TokenExchangeCallback>(ArgRef{info, 3, method, "callback"}));
}

void ClientWrap::GetTokenFromProvisionalMerge(const Napi::CallbackInfo& info) {
  const char* method = "Client.GetTokenFromProvisionalMerge";
  uint64_t application_id = ReadU64(ArgRef{info, 0, method, "applicationId"});
  std::string code = ReadString(ArgRef{info, 1, method, "code"}, kMaxSecret);
  std::string verifier = ReadString(ArgRef{info, 2, method, "codeVerifier"}, kMaxSecret);
  std::string redirect = ReadString(ArgRef{info, 3, method, "redirectUri"}, kMaxUrlString);
  auto type = ReadExternalAuthType(ArgRef{info, 4, method, "externalAuthType"});
  std::string token = ReadString(ArgRef{info, 5, method, "externalAuthToken"}, kMaxSecret);
  client_->GetTokenFromProvisionalMerge(application_id, code, verifier, redirect, type, token,
                                        Completion<Client::TokenExchangeCallback>(ArgRef{info, 6, method, "callback"}));
}

void ClientWrap::UnmergeIntoProvisionalAccount(const Napi::CallbackInfo& info) {
  const char* method = "Client.UnmergeIntoProvisionalAccount";
  uint64_t application_id = ReadU64(ArgRef{info, 0, method, "applicationId"});
  auto type = ReadExternalAuthType(ArgRef{info, 1, method, "externalAuthType"});
  std::string token = ReadString(ArgRef{info, 2, method, "externalAuthToken"}, kMaxSecret);
  client_->UnmergeIntoProvisionalAccount(application_id, type, token, Completion<Client::ResultCallback>(ArgRef{info, 3, method, "callback"}));
}

void ClientWrap::UpdateProvisionalAccountDisplayName(const Napi::CallbackInfo& info) {
  const char* method = "Client.UpdateProvisionalAccountDisplayName";
  std::string name = ReadText(ArgRef{info, 0, method, "name"}, limits::kMaxDisplayNameCodePoints);
  client_->UpdateProvisionalAccountDisplayName(name, Completion<Client::ResultCallback>(ArgRef{info, 1, method, "callback"}));
}

void ClientWrap::ProvisionalUserMergeCompleted(const Napi::CallbackInfo& info) {
  client_->ProvisionalUserMergeCompleted(
      ReadBool(ArgRef{info, 0, "Client.ProvisionalUserMergeCompleted", "success"}));
}

void ClientWrap::ExchangeChildToken(const Napi::CallbackInfo& info) {
  const char* method = "Client.ExchangeChildToken";
  std::string parent = ReadString(ArgRef{info, 0, method, "parentApplicationToken"}, kMaxSecret);
  uint64_t child = ReadU64(ArgRef{info, 1, method, "childApplicationId"});
  client_->ExchangeChildToken(parent, child, Completion<Client::ExchangeChildTokenCallback>(ArgRef{info, 2, method, "callback"}));
}

void ClientWrap::RegisterAuthorizeRequestCallback(const Napi::CallbackInfo& info) {
  client_->RegisterAuthorizeRequestCallback(RequiredHandler<Client::AuthorizeRequestCallback>(ArgRef{info, 0, "Client.RegisterAuthorizeRequestCallback", "callback"}));
}

void ClientWrap::RemoveAuthorizeRequestCallback(const Napi::CallbackInfo& info) {
  client_->RemoveAuthorizeRequestCallback();
  KeepHandlerWithClient(info.This().As<Napi::Object>(), "Client.RegisterAuthorizeRequestCallback", info.Env().Undefined(), false);
}

void ClientWrap::SetGameWindowPid(const Napi::CallbackInfo& info) {
  client_->SetGameWindowPid(ReadInt(ArgRef{info, 0, "Client.SetGameWindowPid", "pid"}, 0, 2147483647,
                                    "must be an integer from 0 to 2147483647", "must be a process id (number)"));
}

Napi::Value ClientWrap::GetDefaultCommunicationScopes(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), Client::GetDefaultCommunicationScopes());
}
Napi::Value ClientWrap::GetDefaultPresenceScopes(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), Client::GetDefaultPresenceScopes());
}

Napi::Value ClientWrap::CreateAuthorizationCodeVerifier(const Napi::CallbackInfo& info) {
  return AuthorizationCodeVerifierWrap::NewInstance(info.Env(),
                                                    client_->CreateAuthorizationCodeVerifier());
}

}  // namespace sdkpp::napi
