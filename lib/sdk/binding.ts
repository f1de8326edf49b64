// Loads the native addon (a prebuild for this platform, else the local node-gyp build) and
// describes its shape. Everything in the addon validates its own arguments; this file only
// gives TypeScript the types (the value classes: native_values.ts; NativeClient, composed from
// one interface per area: native_client.ts; the handle classes: social_types.ts).
import path from 'node:path';
import nodeGypBuild from 'node-gyp-build';
import type { NativeClientConstructor } from './native_client';
import type {
  Activity,
  ActivityAssets,
  ActivityButton,
  ActivityInvite,
  ActivityParty,
  ActivitySecrets,
  ActivityTimestamps,
  AuthorizationArgs,
  AuthorizationCodeChallenge,
  AuthorizationCodeVerifier,
  AuthorizeRequestPreview,
  ClientCreateOptions,
  ClientResult,
  DeviceAuthorizationArgs,
} from './native_values';
import type * as Social from './social_types';

export type * from './native_values';
export type { NativeClient, NativeClientConstructor } from './native_client';

/** A class the addon hands instances of (no public constructor). */
export interface HandleClass<I> {
  readonly nullobj: I;
  readonly prototype: I;
}

export interface NativeBinding {
  Activity: { new (): Activity; readonly nullobj: Activity };
  ActivityAssets: { new (): ActivityAssets; readonly nullobj: ActivityAssets };
  ActivityButton: { new (): ActivityButton; readonly nullobj: ActivityButton };
  ActivityInvite: { new (): ActivityInvite; readonly nullobj: ActivityInvite };
  ActivityParty: { new (): ActivityParty; readonly nullobj: ActivityParty };
  ActivitySecrets: { new (): ActivitySecrets; readonly nullobj: ActivitySecrets };
  ActivityTimestamps: { new (): ActivityTimestamps; readonly nullobj: ActivityTimestamps };
  AuthorizationArgs: { new (): AuthorizationArgs; readonly nullobj: AuthorizationArgs };
  AuthorizationCodeChallenge: {
    new (): AuthorizationCodeChallenge;
    readonly nullobj: AuthorizationCodeChallenge;
  };
  AuthorizationCodeVerifier: { readonly nullobj: AuthorizationCodeVerifier };
  ClientResult: { readonly nullobj: ClientResult };
  ClientCreateOptions: { new (): ClientCreateOptions; readonly nullobj: ClientCreateOptions };
  DeviceAuthorizationArgs: { new (): DeviceAuthorizationArgs; readonly nullobj: DeviceAuthorizationArgs };
  NativeClient: NativeClientConstructor;
  UserHandle: HandleClass<Social.UserHandle>;
  UserApplicationProfileHandle: HandleClass<Social.UserApplicationProfileHandle>;
  RelationshipHandle: HandleClass<Social.RelationshipHandle>;
  LobbyHandle: HandleClass<Social.LobbyHandle>;
  LobbyMemberHandle: HandleClass<Social.LobbyMemberHandle>;
  ChannelHandle: HandleClass<Social.ChannelHandle>;
  UserMessageSummary: HandleClass<Social.UserMessageSummary>;
  GuildMinimal: HandleClass<Social.GuildMinimal>;
  GuildChannel: HandleClass<Social.GuildChannel>;
  LinkedChannel: HandleClass<Social.LinkedChannel>;
  LinkedLobby: HandleClass<Social.LinkedLobby> & { new (): Social.LinkedLobby };
  RunCallbacks(): void;
  nestedEnums: Record<string, Record<string, Readonly<Record<string, number>>>>;
  internal: {
    buildAuthorizeRequest(
      args: AuthorizationArgs,
      applicationId: bigint | string,
      webBase: string,
      loopbackRedirectUri?: string,
    ): AuthorizeRequestPreview | { error: ClientResult };
    redact(text: string): string;
    codeChallengeS256(verifier: string): string;
    isDebugBuild(): boolean;
    /** The methods the addon calls on the platform host (native/napi/platform_host_methods.h). */
    platformHostMethods: string[];
  };
  [enumName: string]: unknown;
}

/** The package root: lib/sdk (sources under vitest) and dist/sdk (compiled) are both two levels down. */
export const packageRoot = path.resolve(__dirname, '..', '..');

export const binding = nodeGypBuild(packageRoot) as NativeBinding;
