// The local chat client over IPC (docs/protocols/ipc.md): listens on the first free sdkpp-ipc-{n}
// path, serves each game connection independently, turns bus events into the RPC events games
// subscribed to, and can be restarted or stopped by the control API.
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { ipcSocketPaths } from '../../protocol/ipc_paths';
import { parseScopes } from '../auth/scopes';
import { userJson } from '../domain/accounts';
import { accessToken, consentScopes, issueCode } from '../domain/authorizations';
import { withInviteCover } from '../domain/portal_settings';
import { currentActivity, guildStatusJson } from '../domain/presence';
import type { Emulator } from '../emulator';
import type { LocalClientControl } from '../ports';
import { SEED } from '../seed';
import { RpcError } from './errors';
import { INCOMPLETE_FRAME_TIMEOUT_MS, IpcConnection, type PendingIpcAuthorize } from './connection';

export interface LocalClientServer {
  path(): string | null;
  control: LocalClientControl;
  connections(): IpcConnection[];
  close(): Promise<void>;
}

async function inUse(path: string): Promise<boolean> {
  if (process.platform === 'win32') return false;
  if (!existsSync(path)) return false;
  return new Promise((resolve) => {
    const probe = net.createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

async function listenOnFirstFree(server: net.Server, candidates: string[]): Promise<string> {
  for (const path of candidates) {
    if (await inUse(path)) continue;
    if (process.platform !== 'win32' && existsSync(path)) {
      try {
        unlinkSync(path); // a stale socket file nobody answers on
      } catch {
        continue;
      }
    }
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(path, () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) {
      // Clients refuse a socket others may write to (it could be anyone's): owner-only, whatever the umask.
      if (process.platform !== 'win32') chmodSync(path, 0o600);
      return path;
    }
  }
  throw new Error('no free sdkpp-ipc-{n} socket');
}

export interface LocalClientOptions {
  /** Candidate socket paths, tried in order (default: docs/protocols/ipc.md). */
  paths?: string[];
  /** The emulator's API base (http://127.0.0.1:<port>/api), for READY's config. */
  apiBase: string;
  /** How long a partial frame may wait for the rest of its bytes (default 10 s). */
  incompleteFrameTimeoutMs?: number;
}

export async function startLocalClient(emu: Emulator, options: LocalClientOptions): Promise<LocalClientServer> {
  const candidates = options.paths ?? ipcSocketPaths();
  const connections = new Set<IpcConnection>();
  const pending = new Map<string, PendingIpcAuthorize>();
  let server: net.Server | null = null;
  let path: string | null = null;

  const localUser = () => emu.user(emu.state.autoApproveUserId ?? SEED.users.nelly) ?? emu.user(SEED.users.nelly)!;

  const finishAuthorize = (request: PendingIpcAuthorize, approved: boolean, userId: string | null, granted?: readonly string[]) => {
    pending.delete(request.id);
    const app = emu.app(request.applicationId);
    if (!approved || !app) {
      request.connection.error('AUTHORIZE', request.nonce, RpcError.OAuth2Error, 'OAuth2 Error: access_denied');
      return;
    }
    const user = emu.user(userId ?? localUser().id);
    const scopes = parseScopes(request.scopes.join(' '), app);
    if (!user || 'invalid' in scopes) {
      request.connection.error('AUTHORIZE', request.nonce, RpcError.OAuth2Error, 'OAuth2 Error: invalid_scope');
      return;
    }
    const code = issueCode(emu, {
      applicationId: app.id,
      scopes: consentScopes(scopes.scopes, granted),
      redirectUri: request.redirectUri,
      challenge: request.challenge,
      challengeMethod: request.challenge ? 'S256' : null,
      integrationType: request.integrationType,
    }, user);
    request.connection.reply('AUTHORIZE', request.nonce, { code: code.code });
  };

  const hooks = {
    emu,
    apiEndpoint: options.apiBase.replace(/^https?:/, ''),
    incompleteFrameTimeoutMs: options.incompleteFrameTimeoutMs ?? INCOMPLETE_FRAME_TIMEOUT_MS,
    localUser,
    authorizeRequested(request: PendingIpcAuthorize) {
      if (emu.state.autoApproveUserId) return finishAuthorize(request, true, emu.state.autoApproveUserId);
      pending.set(request.id, request);
      emu.log(`local client: AUTHORIZE pending as ${request.id} (approve or deny through the control API)`);
    },
    closed(connection: IpcConnection) {
      connections.delete(connection);
      for (const [id, request] of pending) if (request.connection === connection) pending.delete(id);
    },
  };

  const onConnection = (socket: net.Socket) => connections.add(new IpcConnection(socket, hooks));

  // `preferred`: a restart re-opens on the path it had, when that is still free.
  const open = async (preferred: string | null = null) => {
    server = net.createServer(onConnection);
    server.maxConnections = 64;
    const order = preferred ? [preferred, ...candidates.filter((c) => c !== preferred)] : candidates;
    path = await listenOnFirstFree(server, order);
  };
  const shut = async () => {
    const current = server;
    server = null;
    path = null;
    // Stop accepting first, then say goodbye (CLOSE 1000) to every game and wait (briefly) for
    // the sockets to go, so the CLOSE frame is not lost to an immediate destroy.
    const closing = current ? new Promise<void>((resolve) => current.close(() => resolve())) : Promise.resolve();
    const gone = [...connections].map((connection) => new Promise<void>((resolve) => {
      if (connection.socket.destroyed) return resolve();
      connection.socket.once('close', () => resolve());
      connection.close(1000, 'The local client is shutting down');
    }));
    await Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, 250).unref())]);
    for (const connection of connections) connection.socket.destroy();
    connections.clear();
    pending.clear();
    await closing;
  };
  await open();

  // Bus events the local client forwards to subscribed games.
  const unsubscribe = emu.bus.subscribe((event) => {
    if (event.type === 'APPLICATION_DEAUTHORIZED') {
      // A game authenticated with a token that no longer lives is cut off (docs/protocols/http.md: close
      // 4003 token revoked), as the gateway ends that token's sessions.
      for (const connection of [...connections]) {
        const token = connection.authenticatedToken;
        if (token !== undefined && !accessToken(emu, token)) connection.close(4003, 'Token revoked');
      }
      return;
    }
    if (event.type === 'PRESENCE_UPDATE') {
      // Online counts of guilds that games watch with GUILD_STATUS.
      const userId = String((event.data.user as { id?: unknown } | undefined)?.id ?? '');
      for (const connection of connections) {
        for (const guildId of connection.guildStatus) {
          if (emu.state.guilds.get(guildId)?.members.some((m) => m.userId === userId)) {
            connection.dispatch('GUILD_STATUS', guildStatusJson(emu, guildId));
          }
        }
      }
    }
    const local = localUser();
    for (const connection of connections) {
      // Each game hears about the user it authenticated as (else the chat client's user).
      if (!event.userIds.includes(connection.authenticatedUser?.id ?? local.id)) continue;
      if (event.type === 'ACTIVITY_INVITE_CREATE' && connection.subscriptions.has('ACTIVITY_INVITE') && connection.app?.id === event.applicationId) {
        const sender = emu.user(String(event.data.sender_id));
        connection.dispatch('ACTIVITY_INVITE', {
          type: event.data.type,
          user: sender ? userJson(sender) : { id: event.data.sender_id },
          // The invite's activity, its cover image falling back to the portal's (spec, Activity).
          activity: withInviteCover(emu.app(event.applicationId ?? ''), currentActivity(emu, String(event.data.sender_id))),
          channel_id: event.data.channel_id,
          message_id: event.data.message_id,
        });
      } else if (event.type === 'USER_UPDATE' && connection.subscriptions.has('CURRENT_USER_UPDATE')) {
        connection.dispatch('CURRENT_USER_UPDATE', event.data);
      } else if (event.type.startsWith('RELATIONSHIP_') && connection.subscriptions.has('RELATIONSHIP_UPDATE')) {
        connection.dispatch('RELATIONSHIP_UPDATE', event.data);
      }
    }
  });

  const subscribedTo = (evt: string, applicationId?: string) =>
    [...connections].filter((c) => c.subscriptions.has(evt) && (!applicationId || c.app?.id === applicationId));

  const control: LocalClientControl = {
    async restart() {
      const previous = path;
      await shut();
      await open(previous);
    },
    stop: shut,
    requestAuthorize() {
      let sent = 0;
      for (const connection of connections) {
        if (connection.subscriptions.has('AUTHORIZE_REQUEST')) {
          connection.dispatch('AUTHORIZE_REQUEST', {});
          sent++;
        }
      }
      return sent;
    },
    decideAuthorize(id, approved, userId, granted) {
      const request = pending.get(id);
      if (!request) return false;
      // A grant naming a scope the game did not ask for is refused before anything changes.
      if (approved) consentScopes(request.scopes, granted);
      finishAuthorize(request, approved, userId, granted);
      return true;
    },
    pendingAuthorizations() {
      return [...pending.values()].map((r) => ({
        id: r.id,
        applicationId: r.applicationId,
        scopes: r.scopes,
        redirectUri: r.redirectUri,
        codeChallenge: r.challenge,
        integrationType: r.integrationType,
      }));
    },
    activityJoin(secret, applicationId) {
      const targets = subscribedTo('ACTIVITY_JOIN', applicationId);
      for (const connection of targets) connection.dispatch('ACTIVITY_JOIN', { secret });
      return targets.length;
    },
    activityJoinRequest(userId, applicationId) {
      const user = emu.user(userId);
      if (!user) return 0;
      const targets = subscribedTo('ACTIVITY_JOIN_REQUEST', applicationId);
      for (const connection of targets) connection.dispatch('ACTIVITY_JOIN_REQUEST', { user: userJson(user, connection.app ?? undefined) });
      return targets.length;
    },
  };

  return {
    path: () => path,
    control,
    connections: () => [...connections],
    async close() {
      unsubscribe();
      await shut();
    },
  };
}

