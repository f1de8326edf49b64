// The launcher's session in the main process: the one sdkpp Client of the app, and what each
// command of the renderer does with it. The addon is loaded here and only here — a renderer is a
// web page (sandboxed, without Node) and could not load a native module; it asks through the
// preload instead. Every callback of the Client runs on the main process's JS thread and reaches
// the page as an event.
import { Activity, ActivityTypes, AudioModeType, AuthorizationArgs, AuthorizationTokenType, Call, Client, EnumToString, LoggingSeverity, RelationshipType, StatusType } from 'sdkpp';
import type { InputDevice, LauncherCommands, LauncherEvent } from '../shared/launcher_api';

const CONNECT_LIMIT_MS = 30_000;
const CALL_LIMIT_MS = 15_000;

export class LauncherService implements LauncherCommands {
  readonly #client: Client;
  #lobbyId: bigint | undefined;
  #call: Call | undefined;

  /** `openUrl` shows the consent page of signIn in the system browser (Electron's shell.openExternal). */
  constructor(
    applicationId: bigint,
    openUrl: (url: string) => void,
    private readonly emit: (event: LauncherEvent) => void,
  ) {
    this.#client = new Client({ openUrl });
    this.#client.SetApplicationId(applicationId);
    this.#client.AddLogCallback((message, severity) => console.error(`[sdkpp ${EnumToString(LoggingSeverity, severity)}] ${message}`), LoggingSeverity.Warning);
    this.#client.SetMessageCreatedCallback((messageId) => {
      const message = this.#client.GetMessageHandle(messageId);
      if (!message || message.ChannelId() !== this.#lobbyId) return;
      this.emit({ kind: 'chat', author: message.Author()?.DisplayName() ?? 'someone', content: message.Content() });
    });
    // A friend's presence (online, playing) changed: the friends list shows it.
    this.#client.SetUserUpdatedCallback(() => this.#emitFriends());
    this.#client.SetLobbyMemberAddedCallback((lobbyId) => lobbyId === this.#lobbyId && this.#emitMembers());
    this.#client.SetLobbyMemberRemovedCallback((lobbyId) => lobbyId === this.#lobbyId && this.#emitMembers());
  }

  async signIn(): Promise<{ displayName: string }> {
    // Signed in already (a second click, a reloaded page): the session goes on.
    if (this.#client.GetStatus() === Client.Status.Ready) return { displayName: this.#client.GetCurrentUserV2()?.DisplayName() ?? '' };
    // OAuth2 with PKCE, the public-client flow: no client secret ships in an app. The SDK opens
    // the consent page in the system browser (openUrl) and takes the answer on a loopback
    // redirect — never in a window of the app, where the player could not tell whose page it is.
    const verifier = this.#client.CreateAuthorizationCodeVerifier();
    const args = new AuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    args.SetCodeChallenge(verifier.Challenge());
    const { code, redirectUri } = await this.#client.Authorize(args);
    const tokens = await this.#client.GetToken(this.#applicationId(), code, verifier.Verifier(), redirectUri);
    await this.#client.UpdateToken(AuthorizationTokenType.Bearer, tokens.accessToken);
    await this.#connected();
    this.#emitFriends();
    return { displayName: this.#client.GetCurrentUserV2()?.DisplayName() ?? '' };
  }

  async joinParty(secret: string): Promise<{ members: number }> {
    const { lobbyId } = await this.#client.CreateOrJoinLobby(secret);
    this.#lobbyId = lobbyId;
    this.#emitMembers();
    return { members: this.#members().length };
  }

  async sendChat(text: string): Promise<void> {
    await this.#client.SendLobbyMessage(this.#party(), text);
  }

  async setPresence(state: string): Promise<void> {
    const activity = new Activity();
    activity.SetType(ActivityTypes.Playing);
    activity.SetState(state);
    await this.#client.UpdateRichPresence(activity);
    this.emit({ kind: 'presence', state });
  }

  async inputDevices(): Promise<InputDevice[]> {
    return (await this.#client.GetInputDevices()).map((d) => ({ id: d.Id(), name: d.Name(), isDefault: d.IsDefault() }));
  }

  async chooseInputDevice(id: string): Promise<void> {
    if (!(await this.inputDevices()).some((d) => d.id === id)) throw new Error('chooseInputDevice: no input device has that id (inputDevices() lists them)');
    await this.#client.SetInputDevice(id);
  }

  async joinCall(): Promise<void> {
    const lobbyId = this.#party();
    const call = this.#client.StartCall(lobbyId);
    if (!call.valid) throw new Error('joinCall: the call could not start (the log says why)');
    this.#call = call;
    call.SetAudioMode(AudioModeType.MODE_PTT);
    call.SetSpeakingStatusChangedCallback((userId, speaking) => this.emit({ kind: 'speaking', name: this.#nameOf(userId), speaking }));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('joinCall: the call did not connect within 15 s')), CALL_LIMIT_MS);
      call.SetStatusChangedCallback((status, error, detail) => {
        this.emit({ kind: 'call', status: Call.StatusToString(status) });
        if (status === Call.Status.Connected) {
          clearTimeout(timer);
          resolve();
        } else if (status === Call.Status.Disconnected) {
          clearTimeout(timer);
          reject(new Error(`joinCall: the call ended: ${Call.ErrorToString(error)} (${detail})`));
        }
      });
    });
  }

  async pushToTalk(pressed: boolean): Promise<void> {
    if (!this.#call) throw new Error('pushToTalk: not in a call (joinCall first)');
    this.#call.SetPTTActive(pressed);
  }

  async leaveCall(): Promise<void> {
    if (!this.#call) return;
    this.#call = undefined;
    await this.#client.EndCall(this.#party());
    this.emit({ kind: 'call', status: 'Left' });
  }

  /** Closes the connection, the call and every socket now; every pending promise settles. */
  dispose(): void {
    this.#client.Dispose();
  }

  #applicationId(): bigint {
    return this.#client.GetApplicationId();
  }

  /** Connects and waits for Ready; the status callback keeps telling the page afterwards (reconnects). */
  #connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('signIn: no connection within 30 s')), CONNECT_LIMIT_MS);
      this.#client.SetStatusChangedCallback((status, error, detail) => {
        this.emit({ kind: 'status', status: Client.StatusToString(status) });
        if (status === Client.Status.Ready) {
          clearTimeout(timer);
          resolve();
        } else if (status === Client.Status.Disconnected && error !== Client.Error.None) {
          clearTimeout(timer);
          reject(new Error(`signIn: could not connect: ${Client.ErrorToString(error)} (${detail})`));
        }
      });
      this.#client.Connect();
    });
  }

  #party(): bigint {
    if (this.#lobbyId === undefined) throw new Error('not in a party (joinParty first)');
    return this.#lobbyId;
  }

  #members(): bigint[] {
    return this.#lobbyId === undefined ? [] : (this.#client.GetLobbyHandle(this.#lobbyId)?.LobbyMemberIds() ?? []);
  }

  #emitMembers(): void {
    this.emit({ kind: 'members', members: this.#members().map((id) => this.#nameOf(id)) });
  }

  #emitFriends(): void {
    const friends = this.#client
      .GetRelationships()
      .filter((r) => r.ServiceRelationshipType() === RelationshipType.Friend || r.GameRelationshipType() === RelationshipType.Friend)
      .map((r) => {
        const user = this.#client.GetUser(r.Id());
        const activity = user?.GameActivity();
        return { name: user?.DisplayName() ?? `user ${r.Id()}`, status: user ? EnumToString(StatusType, user.Status()) : 'Unknown', playing: activity ? (activity.State() ?? activity.Name()) : null };
      });
    this.emit({ kind: 'friends', friends });
  }

  #nameOf(userId: bigint): string {
    return this.#client.GetUser(userId)?.DisplayName() ?? `user ${userId}`;
  }
}
