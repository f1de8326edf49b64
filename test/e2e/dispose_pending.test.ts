// Dispose() while calls are pending (issue 11, item 1): every async method of the Client, in its
// callback and Promise forms, answered / failed / never answered by the service, and called
// before any token is set, with Dispose() on the same tick and the answer arriving afterwards.
// Each method runs in its own child process (test/e2e/fixtures/dispose_pending_child.cjs), so a
// crash (SIGSEGV, SIGABRT), a hang or a Promise that never settles is counted against that
// method instead of taking the test runner down.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

const fixture = join(__dirname, 'fixtures', 'dispose_pending_child.cjs');
const METHODS = [
  'Authorize', 'GetToken', 'RefreshToken', 'UpdateToken', 'RevokeToken', 'FetchCurrentUser',
  'GetProvisionalToken', 'GetTokenFromProvisionalMerge', 'UnmergeIntoProvisionalAccount',
  'UpdateProvisionalAccountDisplayName', 'ExchangeChildToken', 'GetTokenFromDevice',
  'UpdateRichPresence', 'SetOnlineStatus', 'SendActivityInvite', 'SendActivityJoinRequest',
  'SendActivityJoinRequestReply', 'AcceptActivityInvite', 'IsServiceAppInstalled',
  'CreateOrJoinLobby', 'CreateOrJoinLobbyWithMetadata', 'LeaveLobby', 'LinkChannelToLobby',
  'UnlinkChannelFromLobby', 'JoinLinkedLobbyGuild', 'SendLobbyMessage', 'SendLobbyMessageWithMetadata',
  'SendUserMessage', 'SendUserMessageWithMetadata', 'EditUserMessage', 'DeleteUserMessage',
  'GetLobbyMessagesWithLimit', 'GetUserMessagesWithLimit', 'GetUserMessageSummaries', 'GetUserGuilds',
  'GetGuildChannels', 'GetServiceClientConnectedUser', 'SendServiceFriendRequest', 'SendGameFriendRequest',
  'SendServiceFriendRequestById', 'SendGameFriendRequestById', 'AcceptServiceFriendRequest',
  'AcceptGameFriendRequest', 'RejectServiceFriendRequest', 'RejectGameFriendRequest',
  'CancelServiceFriendRequest', 'CancelGameFriendRequest', 'RemoveServiceAndGameFriend', 'RemoveGameFriend',
  'BlockUser', 'UnblockUser',
] as const;
const COMBINATIONS = 8; // 4 service behaviours × 2 forms
const CHILD_TIMEOUT_MS = 60_000;

let h: Harness;
let env: Record<string, string>;

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${h.emu.apiBase}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json() as Promise<Record<string, string>>;
}

beforeAll(async () => {
  h = await startHarness();
  const [alice, bob] = h.emu.users;
  const stranger = h.emu.control.createUser({ username: 'dispose_stranger' }) as { id: string; username: string };
  const a = h.emu.control.issueToken(alice.id);
  const b = h.emu.control.issueToken(bob.id);
  const lobby = await api('PUT', '/lobbies', a.accessToken, { secret: 'dispose-lobby' });
  await api('PUT', '/lobbies', b.accessToken, { secret: 'dispose-lobby' });
  const dm = await api('POST', `/users/@me/dms/${bob.id}/messages`, a.accessToken, { content: 'to be edited' });
  const guild = h.emu.control.createGuild('dispose guild', [alice.id, bob.id]);
  env = {
    apiBase: h.emu.apiBase,
    webBase: h.emu.webBase,
    applicationId: h.emu.application.id,
    childApplicationId: h.emu.childApplication.id,
    accessToken: a.accessToken,
    refreshToken: a.refreshToken,
    friendId: bob.id,
    strangerId: stranger.id,
    strangerName: stranger.username,
    lobbyId: lobby.id,
    messageId: dm.id ?? '1',
    guildId: guild.id,
    channelId: guild.channelIds[0] ?? guild.id,
  };
  h.emu.control.setAutoApprove(alice.id);
});

afterAll(async () => {
  await h?.close();
});

interface Line {
  method: string;
  mode?: string;
  form?: string;
  settled?: boolean;
  outcome?: string;
  error?: string;
}

const CONCURRENT_CHILDREN = 4;
let running = 0;
const waiting: Array<() => void> = [];
async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_CHILDREN) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runChild(method: string): Promise<{ code: number | null; signal: string | null; lines: Line[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', fixture], {
      env: { ...process.env, SDKPP_DISPOSE_ENV: JSON.stringify(env), SDKPP_DISPOSE_METHOD: method },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const lines = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line);
      resolve({ code, signal, lines, stderr: stderr.slice(-2000) });
    });
  });
}

// Children mostly wait on timers and sockets: a few at a time keep the file short without
// starving the two cores the suite shares.
describe.concurrent('Dispose() with calls pending, answered afterwards', () => {
  it.each(METHODS)('%s: every combination settles once and the process ends cleanly', async (method) => {
    const { code, signal, lines, stderr } = await limited(() => runChild(method));
    const problems = lines.filter((l) => l.error || !l.settled || l.outcome === 'settled twice');
    expect({ code, signal, problems, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, signal: null, problems: [], stderr: '' });
    expect(lines).toHaveLength(COMBINATIONS);
  }, CHILD_TIMEOUT_MS + 5000);
});
