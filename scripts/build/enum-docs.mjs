// What each enum and each of its members means, for the doc comments gen-enums.mjs writes into
// lib/sdk/enums.generated.ts (the API reference and editors' hover text read them). Keyed by the
// JS export name; every member of every list in enum_lists.h needs a line here (the generator
// fails otherwise), except HttpStatusCode's, which say their number. The member lists in
// enum_lists.h carry the same words as C++ comments ({@link A.B} written A::B), held equal by
// test/docs/cpp_header_docs.test.ts: change a line here, change it there.
export const ENUM_DOCS = {
  AudioModeType: {
    doc: 'How a call decides when to send the microphone ({@link Call.SetAudioMode}).',
    members: {
      MODE_UNINIT: 'Not set yet (only read, never accepted by SetAudioMode).',
      MODE_VAD: 'Voice activity: send while the input is above the VAD threshold.',
      MODE_PTT: 'Push-to-talk: send while {@link Call.SetPTTActive} holds it (plus the release delay).',
    },
  },
  AudioSystem: {
    doc: 'The C++ SDK\'s audio system choice ({@link ClientCreateOptions.SetExperimentalAudioSystem}); kept, no effect in this build.',
    members: { Standard: 'The standard audio system.', Game: 'The game-oriented audio system.' },
  },
  AuthorizationTokenType: {
    doc: 'The kind of an access token ({@link Client.UpdateToken}, the token callbacks).',
    members: { User: 'A user token of the C++ SDK\'s older flows.', Bearer: 'An OAuth2 bearer token: what every token call answers.' },
  },
  AuthenticationCodeChallengeMethod: {
    doc: 'The PKCE challenge method ({@link AuthorizationCodeChallenge}).',
    members: { S256: 'SHA-256 of the verifier, base64url (RFC 7636): the only method.' },
  },
  AuthenticationExternalAuthType: {
    doc: 'The kind of external token a provisional account is made from ({@link Client.GetProvisionalToken}).',
    members: {
      OIDC: 'An OpenID Connect ID token of the game\'s own identity provider.',
      EpicOnlineServicesAccessToken: 'An Epic Online Services access token.',
      EpicOnlineServicesIdToken: 'An Epic Online Services ID token.',
      SteamSessionTicket: 'A Steam session ticket.',
      UnityServicesIdToken: 'A Unity Gaming Services ID token.',
      ServiceBotIssuedAccessToken: 'An access token the application\'s bot issued.',
      AppleIdToken: 'A Sign in with Apple ID token.',
      PlayStationNetworkIdToken: 'A PlayStation Network ID token.',
    },
  },
  ExternalIdentityProviderType: {
    doc: 'The provider of a linked external identity ({@link UserApplicationProfileHandle.ProviderType}).',
    members: {
      OIDC: 'An OpenID Connect provider (see ProviderId).',
      EpicOnlineServices: 'Epic Online Services.',
      Steam: 'Steam.',
      Unity: 'Unity Gaming Services.',
      ServiceBot: 'The application\'s bot.',
      None: 'No provider.',
      Unknown: 'A provider this SDK does not know.',
    },
  },
  IntegrationType: {
    doc: 'Where Authorize installs the application ({@link AuthorizationArgs.SetIntegrationType}).',
    members: { GuildInstall: 'To a guild (server).', UserInstall: 'To the user\'s account.' },
  },
  ActivityTypes: {
    doc: 'The kind of a rich presence ({@link Activity.SetType}); UpdateRichPresence accepts Playing, Listening, Watching and Competing.',
    members: {
      Playing: 'Playing {name}.',
      Streaming: 'Streaming (not accepted from a game).',
      Listening: 'Listening to {name}.',
      Watching: 'Watching {name}.',
      CustomStatus: 'A custom status (not accepted from a game).',
      Competing: 'Competing in {name}.',
      HangStatus: 'A hang status (not accepted from a game).',
    },
  },
  ActivityActionTypes: {
    doc: 'The kind of an {@link ActivityInvite}.',
    members: {
      Invalid: 'Not an invite (a default or unknown value).',
      Join: 'An invitation to join the sender\'s party.',
      JoinRequest: 'The sender asks to join the current user\'s party.',
    },
  },
  ActivityPartyPrivacy: {
    doc: 'Who may join an {@link ActivityParty}.',
    members: { Private: 'Only invited players.', Public: 'Anyone who can see the activity.' },
  },
  StatusDisplayTypes: {
    doc: 'Which field of an {@link Activity} the player\'s status line shows.',
    members: { Name: 'The activity\'s name.', State: 'The activity\'s state.', Details: 'The activity\'s details.' },
  },
  ActivityGamePlatforms: {
    doc: 'Platforms a game can be joined from: bit flags, combined with `|` ({@link Activity.SetSupportedPlatforms}).',
    members: {
      Desktop: 'Windows, macOS, Linux.',
      Xbox: 'Xbox.',
      Samsung: 'Samsung devices.',
      IOS: 'iOS.',
      Android: 'Android.',
      Embedded: 'An embedded (in-client) activity.',
      PS4: 'PlayStation 4.',
      PS5: 'PlayStation 5.',
    },
  },
  StatusType: {
    doc: 'A user\'s online status ({@link UserHandle.Status}, {@link Client.SetOnlineStatus}, which accepts Online, Idle, Dnd and Invisible).',
    members: {
      Online: 'Online.',
      Offline: 'Offline.',
      Blocked: 'The user is blocked.',
      Idle: 'Away.',
      Dnd: 'Do not disturb.',
      Invisible: 'Online, shown as offline to others.',
      Streaming: 'Streaming.',
      Unknown: 'The SDK has not heard the user\'s status.',
    },
  },
  LoggingSeverity: {
    doc: 'The level of a log line; a log callback or file gets the lines at or above its minimum ({@link Client.AddLogCallback}). Release builds deliver only Warning and Error.',
    members: {
      Verbose: 'Every step (debug builds only).',
      Info: 'Notable events (debug builds only).',
      Warning: 'Something went wrong and the SDK carried on, or needs the app\'s attention.',
      Error: 'An operation failed.',
      None: 'As a minimum: no lines at all.',
    },
  },
  ErrorType: {
    doc: 'What kind of failure a {@link ClientResult} reports (`result.Type()`; the `<ErrorType>` in an {@link SdkError}\'s message).',
    members: {
      None: 'No error: the operation succeeded.',
      NetworkError: 'No answer: the service could not be reached, the connection broke, or the request timed out ({@link Client.SetHttpRequestTimeout}).',
      HTTPError: 'The service answered with an error status (see Status(), ErrorCode(), ResponseBody()), or with a body the SDK could not read.',
      ClientNotReady: 'The call needs a token ({@link Client.UpdateToken}) or a Ready gateway session ({@link Client.Connect}) that the Client does not have yet.',
      Disabled: 'The feature is disabled (the C++ SDK\'s value; this SDK does not answer it).',
      ClientDestroyed: 'The Client was disposed (or is {@link Client.nullobj}) before the operation answered.',
      ValidationError: 'An argument broke a rule ({@link Limits}); nothing was sent. The error text names the argument and the rule.',
      Aborted: 'The operation was cancelled: AbortAuthorize, AbortGetTokenFromDevice, or a newer call of the same kind.',
      AuthorizationFailed: 'The player did not authorize, the authorization timed out, or the service refused the grant (tokens dropped).',
      RPCError: 'The local chat client (IPC) refused the request or is not there.',
    },
  },
  HttpStatusCode: { doc: 'The HTTP status of a service answer ({@link ClientResult.Status}); None when there was no answer.', members: {} },
  ChannelType: {
    doc: 'The kind of a channel ({@link ChannelHandle.Type}, {@link GuildChannel.Type}).',
    members: {
      GuildText: 'A guild text channel.',
      Dm: 'A direct message with one user.',
      GuildVoice: 'A guild voice channel.',
      GroupDm: 'A direct message with several users.',
      GuildCategory: 'A category of guild channels.',
      GuildNews: 'A guild announcement channel.',
      GuildStore: 'A guild store channel (retired).',
      GuildNewsThread: 'A thread of an announcement channel.',
      GuildPublicThread: 'A public thread.',
      GuildPrivateThread: 'A private thread.',
      GuildStageVoice: 'A stage channel.',
      GuildDirectory: 'A guild directory.',
      GuildForum: 'A forum channel.',
      GuildMedia: 'A media channel.',
      Lobby: 'A lobby\'s channel.',
      EphemeralDm: 'A direct message that is not kept (between provisional accounts).',
    },
  },
  RelationshipType: {
    doc: 'A relationship between two users, on the service or in the game ({@link RelationshipHandle}).',
    members: {
      None: 'No relationship.',
      Friend: 'Friends.',
      Blocked: 'The current user blocked the other.',
      PendingIncoming: 'The other user sent a friend request.',
      PendingOutgoing: 'The current user sent a friend request.',
      Implicit: 'An implicit relationship (played together).',
      Suggestion: 'A friend suggestion.',
    },
  },
  RelationshipGroupType: {
    doc: 'The groups of friends {@link Client.GetRelationshipsByGroup} sorts them into.',
    members: {
      OnlinePlayingGame: 'Online and playing this game.',
      OnlineElsewhere: 'Online, not in this game.',
      Offline: 'Offline (or invisible, or status unknown).',
    },
  },
  AdditionalContentType: {
    doc: 'What a message holds that is not text ({@link AdditionalContent.Type}).',
    members: {
      Other: 'Something else.',
      Attachment: 'Files.',
      Poll: 'A poll.',
      VoiceMessage: 'A voice message.',
      Thread: 'A thread started from the message.',
      Embed: 'Embeds.',
      Sticker: 'Stickers.',
    },
  },
  DisclosureTypes: {
    doc: 'What the chat client tells the player about a message ({@link MessageHandle.DisclosureType}).',
    members: { MessageDataVisibleOnService: 'The message is also visible on the service (outside the game).' },
  },
  ClientStatus: {
    doc: 'The Client\'s connection states (`Client.Status`; {@link Client.GetStatus}, {@link Client.SetStatusChangedCallback}).',
    members: {
      Disconnected: 'No gateway session.',
      Connecting: 'Opening the gateway connection.',
      Connected: 'The connection is open; identifying.',
      Ready: 'The session is ready: presence, lobbies, messages and calls work.',
      Reconnecting: 'The connection dropped; reconnecting (and resuming, without losing events).',
      Disconnecting: 'Closing the session (Disconnect).',
      HttpWait: 'Asking the service for the gateway\'s address (or waiting to retry it).',
    },
  },
  ClientError: {
    doc: 'Why the Client\'s status changed (`Client.Error`; the status callback\'s second argument).',
    members: {
      None: 'Nothing went wrong.',
      ConnectionFailed: 'Connect stopped: no token, the token was refused, or the service refused the session (errorDetail: the close code or HTTP status).',
      UnexpectedClose: 'The connection closed unexpectedly; the SDK reconnects.',
      ConnectionCanceled: 'The connection was cancelled (the C++ SDK\'s value; this SDK does not answer it).',
    },
  },
  ClientThread: {
    doc: 'The C++ SDK\'s threads, for {@link Client.SetThreadPriority} (`Client.Thread`).',
    members: {
      Client: 'The thread of the Client\'s work (here: the JS thread; no effect).',
      Voice: 'The audio thread (its backend applies the priority when it can).',
      Network: 'The network thread (here: the JS thread; no effect).',
    },
  },
  CallStatus: {
    doc: 'A call\'s connection states (`Call.Status`; {@link Call.GetStatus}, {@link Call.SetStatusChangedCallback}).',
    members: {
      Disconnected: 'Not in the call (it ended, or failed: see the error).',
      Joining: 'Asking the service to join the call.',
      Connecting: 'Connecting to the voice server.',
      SignalingConnected: 'The voice server\'s signaling is up; setting up the media transport.',
      Connected: 'In the call: audio flows.',
      Reconnecting: 'The voice connection dropped; reconnecting.',
      Disconnecting: 'Leaving the call.',
    },
  },
  CallError: {
    doc: 'Why a call failed or ended (`Call.Error`; the call status callback\'s second argument).',
    members: {
      None: 'Nothing went wrong.',
      SignalingConnectionFailed: 'The voice server\'s signaling could not be connected (errorDetail: its close code).',
      SignalingUnexpectedClose: 'The signaling closed unexpectedly, or the player was removed from the call.',
      VoiceConnectionFailed: 'The media transport could not be set up.',
      JoinTimeout: 'No voice server was assigned within 10 s.',
      Forbidden: 'The service refused the join.',
    },
  },
  UserHandleAvatarType: {
    doc: 'Avatar image formats (`UserHandle.AvatarType`; {@link UserHandle.AvatarUrl}).',
    members: { Gif: 'GIF (animated avatars).', Webp: 'WebP.', Png: 'PNG.', Jpeg: 'JPEG.' },
  },
};
