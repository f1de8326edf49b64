// The public methods of Client, each with the kind of each argument, for the façade's fuzzer
// (test/fuzz/sdk_api.test.ts). A trailing `cb` is the callback of a callback-or-Promise method
// (lib/sdk/callback_or_promise.ts): omitted for the Promise form. The kinds decide what a
// well-formed argument looks like (test/fuzz/sdk_api_arbitraries.ts); every argument is also
// drawn from hostile values. A test checks that this table names every method Client has, so a
// new method cannot go unfuzzed.
export type Kind =
  | 'id' | 'text' | 'map' | 'bool' | 'fn' | 'fnOrNull' | 'cb' | 'activity' | 'invite' | 'authArgs' | 'deviceArgs'
  | 'appId' | 'tokenType' | 'token' | 'refreshToken' | 'extType' | 'severity' | 'thread' | 'statusType' | 'groupType'
  | 'logDir' | 'url' | 'username' | 'limit' | 'timeoutMs' | 'volume' | 'dbfs' | 'pid' | 'priority' | 'command' | 'userCode'
  | 'deviceId' | 'code';

export interface Param {
  name: string;
  kind: Kind;
}

export interface MethodSpec {
  name: string;
  params: Param[];
  /** Ends in a callback-or-Promise callback (not in `params`). */
  async: boolean;
  /** The callback answers a ClientResult first (callbackOrPromise); otherwise a value (callbackOrValue). */
  result: boolean;
}

// name(param:kind, ...) — `cb` last for the Promise/callback methods, `cb!` for those whose
// callback gets a value instead of a ClientResult.
const TABLE = `
AbortAuthorize() AbortGetTokenFromDevice()
AcceptActivityInvite(invite:invite, cb) AcceptGameFriendRequest(userId:id, cb) AcceptServiceFriendRequest(userId:id, cb)
AddLogCallback(callback:fn, minSeverity:severity) AddVoiceLogCallback(callback:fn, minSeverity:severity)
Authorize(args:authArgs, cb) BlockUser(userId:id, cb) CancelGameFriendRequest(userId:id, cb) CancelServiceFriendRequest(userId:id, cb)
ClearRichPresence() CloseAuthorizeDeviceScreen() Connect() CreateAuthorizationCodeVerifier()
CreateOrJoinLobby(secret:text, cb) CreateOrJoinLobbyWithMetadata(secret:text, lobbyMetadata:map, memberMetadata:map, cb)
DeleteUserMessage(recipientId:id, messageId:id, cb) Disconnect() Dispose()
EditUserMessage(recipientId:id, messageId:id, content:text, cb) EndCall(channelId:id, cb!) EndCalls(cb!)
ExchangeChildToken(parentApplicationToken:token, childApplicationId:appId, cb)
FetchCurrentUser(tokenType:tokenType, token:token, cb) GetApplicationId() GetCall(channelId:id) GetCalls()
GetChannelHandle(channelId:id) GetCurrentInputDevice(cb!) GetCurrentOutputDevice(cb!) GetCurrentUser() GetCurrentUserV2()
GetGuildChannels(guildId:id, cb) GetInputDevices(cb!) GetInputVolume() GetLobbyHandle(lobbyId:id) GetLobbyIds()
GetLobbyMessagesWithLimit(lobbyId:id, limit:limit, cb) GetMessageHandle(messageId:id) GetOutputDevices(cb!) GetOutputVolume()
GetProvisionalToken(applicationId:appId, externalAuthType:extType, externalAuthToken:token, cb)
GetRelationshipHandle(userId:id) GetRelationships() GetRelationshipsByGroup(groupType:groupType) GetSelfDeafAll() GetSelfMuteAll()
GetServiceClientConnectedUser(applicationId:appId, cb) GetStatus()
GetToken(applicationId:appId, code:code, codeVerifier:code, redirectUri:url, cb) GetTokenFromDevice(args:deviceArgs, cb)
GetTokenFromProvisionalMerge(applicationId:appId, code:code, codeVerifier:code, redirectUri:url, externalAuthType:extType, externalAuthToken:token, cb)
GetUser(userId:id) GetUserApplicationProfiles() GetUserApplicationProfilesNoLock() GetUserGuilds(cb) GetUserMessageSummaries(cb)
GetUserMessagesWithLimit(recipientId:id, limit:limit, cb) HandleAuthorizeCallback(callbackUrl:url) IsAuthenticated()
IsServiceAppInstalled(cb!) JoinLinkedLobbyGuild(lobbyId:id, provisionalUserMergeRequiredCallback:fn, cb)
LeaveLobby(lobbyId:id, cb) LinkChannelToLobby(lobbyId:id, channelId:id, cb) OpenAuthorizeDeviceScreen(clientId:appId, userCode:userCode)
ProvisionalUserMergeCompleted(success:bool) RefreshToken(applicationId:appId, refreshToken:refreshToken, cb)
RegisterAuthorizeRequestCallback(callback:fn) RegisterLaunchCommand(applicationId:appId, command:command)
RegisterLaunchSteamApplication(applicationId:appId, steamAppId:pid) RejectGameFriendRequest(userId:id, cb)
RejectServiceFriendRequest(userId:id, cb) RemoveAuthorizeRequestCallback() RemoveGameFriend(userId:id, cb)
RemoveServiceAndGameFriend(userId:id, cb) RevokeToken(applicationId:appId, token:token, cb) SearchFriendsByUsername(searchStr:username)
SendActivityInvite(userId:id, content:text, cb) SendActivityJoinRequest(userId:id, cb) SendActivityJoinRequestReply(invite:invite, cb)
SendGameFriendRequest(username:username, cb) SendGameFriendRequestById(userId:id, cb) SendLobbyMessage(lobbyId:id, content:text, cb)
SendLobbyMessageWithMetadata(lobbyId:id, content:text, metadata:map, cb) SendServiceFriendRequest(username:username, cb)
SendServiceFriendRequestById(userId:id, cb) SendUserMessage(recipientId:id, content:text, cb)
SendUserMessageWithMetadata(recipientId:id, content:text, metadata:map, cb)
SetActivityInviteCreatedCallback(callback:fn) SetActivityInviteUpdatedCallback(callback:fn) SetActivityJoinCallback(callback:fn)
SetActivityJoinWithApplicationCallback(callback:fn) SetAecDump(on:bool) SetApplicationId(applicationId:appId)
SetAutomaticGainControl(on:bool) SetDeviceChangeCallback(callback:fnOrNull) SetEchoCancellation(on:bool)
SetEngineManagedAudioSession(isEngineManaged:bool) SetGameWindowPid(pid:pid) SetHttpRequestTimeout(httpTimeoutInMilliseconds:timeoutMs)
SetInputDevice(deviceId:deviceId, cb) SetInputVolume(inputVolume:volume) SetLobbyCreatedCallback(callback:fn)
SetLobbyDeletedCallback(callback:fn) SetLobbyMemberAddedCallback(callback:fn) SetLobbyMemberRemovedCallback(callback:fn)
SetLobbyMemberUpdatedCallback(callback:fn) SetLobbyUpdatedCallback(callback:fn) SetLogDir(path:logDir, minSeverity:severity)
SetMessageCreatedCallback(callback:fn) SetMessageDeletedCallback(callback:fn) SetMessageUpdatedCallback(callback:fn)
SetNoAudioInputCallback(callback:fnOrNull) SetNoAudioInputThreshold(dBFS:dbfs) SetNoiseCancellation(on:bool)
SetNoiseSuppression(on:bool) SetOnlineStatus(status:statusType, cb) SetOpusHardwareCoding(encode:bool, decode:bool)
SetOutputDevice(deviceId:deviceId, cb) SetOutputVolume(outputVolume:volume) SetRelationshipCreatedCallback(callback:fn)
SetRelationshipDeletedCallback(callback:fn) SetRelationshipGroupsUpdatedCallback(callback:fn) SetSelfDeafAll(deaf:bool)
SetSelfMuteAll(mute:bool) SetShowingChat(showingChat:bool) SetStatusChangedCallback(callback:fn)
SetThreadPriority(thread:thread, priority:priority) SetTokenExpirationCallback(callback:fn) SetUserUpdatedCallback(callback:fn)
SetVoiceLogDir(path:logDir, minSeverity:severity) SetVoiceParticipantChangedCallback(callback:fnOrNull) StartCall(channelId:id)
StartCallWithAudioCallbacks(lobbyId:id, receivedCb:fnOrNull, capturedCb:fnOrNull) UnblockUser(userId:id, cb)
UnlinkChannelFromLobby(lobbyId:id, cb) UnmergeIntoProvisionalAccount(applicationId:appId, externalAuthType:extType, externalAuthToken:token, cb)
UpdateProvisionalAccountDisplayName(name:username, cb) UpdateRichPresence(activity:activity, cb)
UpdateToken(tokenType:tokenType, token:token, cb)
`;

function parse(table: string): MethodSpec[] {
  const specs: MethodSpec[] = [];
  for (const match of table.matchAll(/([A-Z][A-Za-z0-9]*)\(([^)]*)\)/g)) {
    const parts = match[2].split(',').map((p) => p.trim()).filter(Boolean);
    const last = parts[parts.length - 1];
    const async = last === 'cb' || last === 'cb!';
    if (async) parts.pop();
    const params = parts.map((p) => {
      const [name, kind] = p.split(':');
      return { name, kind: kind as Kind };
    });
    specs.push({ name: match[1], params, async, result: last === 'cb' });
  }
  return specs;
}

export const CLIENT_METHODS: readonly MethodSpec[] = parse(TABLE);

/** The value classes of lib/index.ts the fuzzer builds and calls at random. */
export const VALUE_CLASSES = [
  'Activity', 'ActivityAssets', 'ActivityButton', 'ActivityInvite', 'ActivityParty', 'ActivitySecrets', 'ActivityTimestamps',
  'AuthorizationArgs', 'AuthorizationCodeChallenge', 'AuthorizationCodeVerifier', 'ClientCreateOptions', 'ClientResult',
  'DeviceAuthorizationArgs', 'AdditionalContent', 'VADThresholdSettings',
] as const;
