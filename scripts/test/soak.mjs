// `npm run soak -- --minutes N [--seed S]`: the soak test with faults. Four SDK clients, each in
// its own process (scripts/test/soak/client_process.cjs), on virtual audio against an emulator
// in a fifth (scripts/test/soak/emulator_process.cjs), over real loopback sockets: lobby chat,
// presence changes, invites and a DAVE call of three members each playing its own tone, while
// one of the emulator's faults fires every 20-40 s at random (the gateway dropped, voice
// dropped, the voice server crashed, the local client restarted, the clock advanced, UDP
// blocked for 3 s, a member leaving the call and rejoining). It checks that no lobby message is
// lost or delivered twice (by id), every invite arrives once, every callback of every call runs
// once, no call reports Disconnected, each member's tone is heard again within 6 s of each
// fault, presence ends as each friend last set it, and that RSS, file descriptors, threads and
// the JS heap of every process grow less than 10 % after the first 5 minutes (a third of the
// run when it is shorter). Prints the figures (per fault kind: count and worst recovery;
// growth per process) and exits 1 when a check failed. Needs the built addon and dist/
// (`npm install` or `npm run build:ts`).
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { growth, mib, pct, table, toneRecoveryMs } from './soak/figures.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const here = join(root, 'scripts', 'test', 'soak');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index < 0) return fallback;
  const value = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
  return Number(value);
};
const minutes = option('minutes', 30);
const seed = option('seed', Date.now() % 1_000_000);
if (!(minutes >= 1)) {
  console.error('soak: --minutes must be a number >= 1');
  process.exit(2);
}
if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('soak: dist/ is missing: run npm run build:ts (and npm install for the addon) first');
  process.exit(2);
}
const { CallStatus, ClientStatus } = createRequire(import.meta.url)(join(root, 'dist', 'sdk', 'enums.generated.js'));

const DURATION_MS = minutes * 60_000;
const RECOVERY_MS = 6000;
const GROWTH_LIMIT = 0.1;
const BASELINE_MS = Math.min(5 * 60_000, DURATION_MS / 3);
const QUIET_FAULTS_MS = 25_000; // no fault this close to the end
const QUIET_TRAFFIC_MS = 12_000; // no new traffic this close to the end: everything in flight lands

// A small seeded generator (mulberry32), so a run can be repeated with --seed.
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`;
const log = (line) => console.log(`[soak ${elapsed()}] ${line}`);
const failures = [];
const fail = (what) => {
  if (failures.length < 200) failures.push(what);
  log(`FAIL ${what}`);
};

// --- processes

const dir = mkdtempSync(join(tmpdir(), 'sdkpp-soak-'));
const processes = new Map(); // name -> {child, samples, events...}

function spawnProcess(name, script, env = {}) {
  const child = fork(script, [], { execArgv: ['--expose-gc'], env: { ...process.env, SDKPP_AUDIO_BACKEND: 'virtual', ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const entry = { name, child, samples: [], listeners: new Set(), exited: false };
  child.on('message', (message) => {
    if (message.event === 'sample') entry.samples.push({ at: Date.now(), ...message });
    if (message.event === 'violation') fail(`${name}: ${message.what}`);
    if (message.event === 'log') log(`${name} logged: ${message.line}`);
    for (const listener of entry.listeners) listener(message);
  });
  child.on('exit', (code, signal) => {
    entry.exited = true;
    if (!stopping) fail(`${name} exited (code ${code}, signal ${signal})`);
  });
  processes.set(name, entry);
  return entry;
}

function next(entry, event, timeoutMs, where = () => true) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      entry.listeners.delete(listener);
      reject(new Error(`${entry.name}: no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (message) => {
      if (message.event !== event || !where(message)) return;
      clearTimeout(timer);
      entry.listeners.delete(listener);
      resolve(message);
    };
    entry.listeners.add(listener);
  });
}

const tell = (entry, action, extra = {}) => {
  if (!entry.exited) entry.child.send({ action, ...extra });
};

let stopping = false;
let emulatorInfo;

async function control(name, body = {}) {
  const response = await fetch(`${emulatorInfo.webBase}/_sdkpp/control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`control ${name}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

// --- the players: nelly chats, sets presence and invites her friends alice and bob; alice, bob
// and carol are in the call with a tone each.

const PLAYERS = [
  { name: 'nelly', tone: null },
  { name: 'alice', tone: 440 },
  { name: 'bob', tone: 660 },
  { name: 'carol', tone: 880 },
];
const FRIENDS = { nelly: ['alice', 'bob'], alice: ['nelly'], bob: ['nelly'], carol: [] };
const TONES = PLAYERS.filter((p) => p.tone).map((p) => p.tone);
const clients = new Map(); // name -> entry
const callers = () => PLAYERS.filter((p) => p.tone).map((p) => clients.get(p.name));

// What the clients saw.
const sent = new Map(); // content -> {from, ok, messageId}
const received = new Map(); // player -> Map(messageId -> count)
const invitesSent = new Map(); // `${from}>${to}` -> ok count
const invitesReceived = new Map(); // `${from}>${to}` -> Map(messageId -> count)
const presenceSet = new Map(); // player -> last state answered ok
const tones = new Map(); // player -> [{at, present}]
const statuses = new Map(); // player -> [{at, status}]
const endedGenerations = new Map(); // player -> Set(generation)
const faults = []; // {kind, at, target?}

function watchClient(player, entry) {
  received.set(player.name, new Map());
  tones.set(player.name, []);
  statuses.set(player.name, []);
  endedGenerations.set(player.name, new Set());
  entry.listeners.add((m) => {
    switch (m.event) {
      case 'sent': {
        const record = sent.get(m.content);
        if (record) Object.assign(record, { ok: m.ok, messageId: m.messageId, error: m.error });
        if (!m.ok) log(`${player.name}: a lobby message failed: ${m.error}`);
        break;
      }
      case 'message': {
        const counts = received.get(player.name);
        counts.set(m.id, (counts.get(m.id) ?? 0) + 1);
        if (counts.get(m.id) === 2) fail(`${player.name}: MessageCreated twice for message ${m.id} (${m.content})`);
        break;
      }
      case 'invited': {
        const key = `${player.name}>${m.to}`;
        if (m.ok) invitesSent.set(key, (invitesSent.get(key) ?? 0) + 1);
        else log(`${player.name}: an invite to ${m.to} failed: ${m.error}`);
        break;
      }
      case 'invite': {
        const from = [...clients.keys()].find((name) => emulatorInfo.users[name].id === m.from) ?? m.from;
        const key = `${from}>${player.name}`;
        const counts = invitesReceived.get(key) ?? new Map();
        invitesReceived.set(key, counts);
        counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
        if (counts.get(m.messageId) === 2) fail(`${player.name}: ActivityInviteCreated twice for invite ${m.messageId} from ${from}`);
        break;
      }
      case 'presence':
        if (m.ok) presenceSet.set(player.name, m.state);
        else log(`${player.name}: a presence update failed: ${m.error}`);
        break;
      case 'tones':
        tones.get(player.name).push({ at: m.at, present: m.present });
        break;
      case 'status':
        statuses.get(player.name).push({ at: Date.now(), status: m.status });
        break;
      case 'leaving':
        endedGenerations.get(player.name).add(m.generation);
        break;
      case 'call':
        if (m.status === CallStatus.Disconnected && !stopping && !endedGenerations.get(player.name).has(m.generation)) {
          fail(`${player.name}: the call reported Disconnected (error ${m.error}, detail ${m.detail}) at ${elapsed()}`);
        }
        break;
    }
  });
}

// --- faults

const FAULTS = {
  dropGateway: () => control('dropGatewayConnections'),
  dropVoice: () => control('voice.dropVoiceConnections'),
  crashVoiceServer: () => control('voice.crashVoiceServer'),
  restartLocalClient: () => control('restartLocalClient'),
  advanceClock: () => control('advanceClock', { ms: 60_000 }),
  blockUdp: () => control('voice.blockVoiceUdp', { ms: 3000 }),
  memberRejoin: (fault) => {
    fault.target = pick(callers()).name;
    tell(clients.get(fault.target), 'leaveAndRejoin', { pauseMs: 1000 });
  },
};
// Each kind once in a shuffled round, then the next round: every kind fires in a long run.
let bag = [];
function nextFaultKind() {
  if (bag.length === 0) {
    bag = Object.keys(FAULTS);
    for (let i = bag.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [bag[i], bag[j]] = [bag[j], bag[i]];
    }
  }
  return bag.pop();
}

// --- the run

async function main() {
  log(`seed ${seed}, ${minutes} min, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const emulator = spawnProcess('emulator', join(here, 'emulator_process.cjs'));
  tell(emulator, 'start', { ipcPath: join(dir, 'sdkpp-ipc-0') });
  emulatorInfo = await next(emulator, 'started', 60_000);
  await control('voice.setDaveRequired', { required: true });

  for (const player of PLAYERS) {
    const user = emulatorInfo.users[player.name];
    const entry = spawnProcess(player.name, join(here, 'client_process.cjs'), {
      SDKPP_SOAK_CLIENT: JSON.stringify({
        name: player.name,
        apiBase: emulatorInfo.apiBase,
        webBase: emulatorInfo.webBase,
        appId: emulatorInfo.appId,
        ipcPaths: [emulatorInfo.ipcPath],
        token: user.token,
        lobbySecret: `soak-${seed}`,
        tone: player.tone,
        tones: TONES,
      }),
    });
    clients.set(player.name, entry);
    watchClient(player, entry);
    await next(entry, 'started', 30_000);
    tell(entry, 'start');
    await next(entry, 'ready', 30_000);
    tell(entry, 'join');
    await next(entry, 'joined', 30_000);
    // A party and a join secret first: invites need them.
    tell(entry, 'presence');
  }
  log('four clients Ready in the lobby');
  for (const entry of callers()) tell(entry, 'call');
  // Every member hears the two others before the clock of the run starts.
  const everyoneHears = () => callers().every((entry) => {
    const timeline = tones.get(entry.name);
    const now = timeline.length ? timeline[timeline.length - 1].present : [];
    const own = PLAYERS.find((p) => p.name === entry.name).tone;
    return TONES.filter((hz) => hz !== own).every((hz) => now.includes(hz));
  });
  const callDeadline = Date.now() + 60_000;
  while (!everyoneHears()) {
    if (Date.now() > callDeadline) throw new Error(`the call never carried every tone: ${JSON.stringify(Object.fromEntries([...tones].map(([k, v]) => [k, v.at(-1)])))}`);
    await sleep(100);
  }
  log('the call carries every tone; faults start');

  const runStart = Date.now();
  const runEnd = runStart + DURATION_MS;
  const timers = [];
  const every = (ms, fn) => timers.push(setInterval(() => Date.now() < runEnd - QUIET_TRAFFIC_MS && fn(), ms));
  let chatCount = 0;
  every(1500, () => {
    const from = pick(PLAYERS).name;
    const content = `soak ${from} ${++chatCount}`;
    sent.set(content, { from, ok: null, messageId: null });
    tell(clients.get(from), 'chat', { content });
  });
  every(6000, () => {
    const who = pick(['nelly', 'alice', 'bob']);
    tell(clients.get(who), 'presence');
  });
  every(8000, () => {
    const from = pick(['nelly', 'alice', 'bob']);
    const to = pick(FRIENDS[from]);
    tell(clients.get(from), 'invite', { to, toId: emulatorInfo.users[to].id });
  });
  every(10_000, () => tell(clients.get(pick(PLAYERS).name), 'probeLocalClient'));
  const sampleAll = () => {
    for (const entry of processes.values()) tell(entry, 'sample');
  };
  sampleAll();
  timers.push(setInterval(sampleAll, 5000));

  let nextFaultAt = runStart + 20_000 + random() * 20_000;
  while (Date.now() < runEnd) {
    await sleep(250);
    if (Date.now() < nextFaultAt || Date.now() > runEnd - QUIET_FAULTS_MS) continue;
    const fault = { kind: nextFaultKind(), at: Date.now() };
    faults.push(fault);
    try {
      await FAULTS[fault.kind](fault);
      log(`fault ${faults.length}: ${fault.kind}${fault.target ? ` (${fault.target})` : ''}`);
    } catch (error) {
      fail(`fault ${fault.kind} could not be fired: ${error.message}`);
    }
    nextFaultAt = Date.now() + 20_000 + random() * 20_000;
  }
  for (const timer of timers) clearInterval(timer);
  sampleAll();
  await sleep(1000);

  // --- the verdict
  const finals = new Map();
  for (const [name, entry] of clients) {
    tell(entry, 'final');
    finals.set(name, await next(entry, 'final', 10_000));
  }
  return { runStart, finals };
}

function verdict({ runStart, finals }) {
  // Lobby messages: each one sent is created once at every client, the sender's included.
  let delivered = 0;
  for (const [content, record] of sent) {
    if (record.ok !== true) {
      if (record.ok === null) fail(`the lobby message '${content}' was never answered`);
      continue;
    }
    for (const player of PLAYERS) {
      const count = received.get(player.name).get(record.messageId) ?? 0;
      if (count === 0) fail(`${player.name} never got MessageCreated for '${content}' (${record.messageId})`);
      else delivered += 1;
    }
  }
  // Invites: each one answered ok arrives once.
  let invites = 0;
  for (const [key, count] of invitesSent) {
    const got = invitesReceived.get(key)?.size ?? 0;
    invites += got;
    if (got !== count) fail(`invites ${key}: ${count} sent, ${got} arrived`);
  }
  // Presence: each friend's view ends where the player last set it.
  for (const [name, final] of finals) {
    if (final.unanswered.length > 0) fail(`${name}: calls never answered: ${final.unanswered.join(', ')}`);
    for (const friend of FRIENDS[name]) {
      const expected = presenceSet.get(friend);
      if (expected === undefined) continue;
      const seen = final.presence[emulatorInfo.users[friend].id];
      if (seen !== expected) fail(`${name} sees ${friend}'s presence as ${JSON.stringify(seen)}, ${friend} last set ${JSON.stringify(expected)}`);
    }
    if (PLAYERS.find((p) => p.name === name).tone && final.callStatus !== CallStatus.Connected) fail(`${name}: the call ends the run ${final.callStatus}, not Connected`);
  }
  // Tones and the gateway after each fault.
  const byKind = new Map();
  for (const fault of faults) {
    const figures = byKind.get(fault.kind) ?? { count: 0, worstToneMs: 0, worstReadyMs: 0 };
    byKind.set(fault.kind, figures);
    figures.count += 1;
    for (const listener of callers()) {
      const own = PLAYERS.find((p) => p.name === listener.name).tone;
      for (const hz of TONES.filter((t) => t !== own)) {
        const ms = toneRecoveryMs(tones.get(listener.name), fault.at, hz, RECOVERY_MS);
        if (ms === null) fail(`${listener.name} did not hear ${hz} Hz again within ${RECOVERY_MS / 1000} s of ${fault.kind} at ${((fault.at - started) / 1000).toFixed(0)} s`);
        else figures.worstToneMs = Math.max(figures.worstToneMs, ms);
      }
    }
    for (const [name, list] of statuses) {
      const after = list.filter((s) => s.at >= fault.at && s.at < fault.at + 20_000);
      if (after.length === 0) continue;
      const ready = after.findLast((s) => s.status === ClientStatus.Ready);
      if (!ready || after.at(-1).status !== ClientStatus.Ready) fail(`${name} was not Ready again within 20 s of ${fault.kind}`);
      else figures.worstReadyMs = Math.max(figures.worstReadyMs, ready.at - fault.at);
    }
  }
  // Resources: after the baseline, less than 10 % growth.
  const resources = [];
  for (const [name, entry] of processes) {
    const g = growth(entry.samples, runStart + BASELINE_MS);
    resources.push([name, ...['rss', 'fds', 'threads', 'heap'].map((key) => {
      const { from, to, growth: fraction } = g[key];
      const shown = key === 'rss' || key === 'heap' ? `${mib(from)} → ${mib(to)}` : `${from} → ${to}`;
      return `${shown} (${pct(fraction)})`;
    })]);
    for (const key of ['rss', 'fds', 'threads', 'heap']) {
      if (!(g[key].growth < GROWTH_LIMIT)) fail(`${name}: ${key} grew ${pct(g[key].growth)} after the first ${(BASELINE_MS / 60_000).toFixed(1)} min (${g[key].from} → ${g[key].to})`);
    }
  }
  const sentOk = [...sent.values()].filter((r) => r.ok === true).length;
  console.log(`\nsoak: ${minutes} min, seed ${seed}, load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`lobby messages: ${sentOk} sent, ${delivered} MessageCreated (of ${sentOk * PLAYERS.length} expected, none twice); invites: ${invites} arrived once; presence updates: ${[...presenceSet.keys()].length} players checked\n`);
  console.log(table(['fault', 'count', 'worst tone back (s)', 'worst gateway Ready (s)'], [...byKind].map(([kind, f]) => [kind, f.count, (f.worstToneMs / 1000).toFixed(2), f.worstReadyMs ? (f.worstReadyMs / 1000).toFixed(2) : '-'])));
  console.log(`\ngrowth after the first ${(BASELINE_MS / 60_000).toFixed(1)} min (medians of the samples around then and of the last four):\n`);
  console.log(table(['process', 'RSS', 'fds', 'threads', 'JS heap'], resources));
  const summary = { minutes, seed, faults: faults.length, failures };
  console.log(`\nSOAK-RESULT ${JSON.stringify(summary)}`);
  console.log(failures.length === 0 ? 'soak: passed' : `soak: FAILED (${failures.length} problems, listed above)`);
}

async function shutdown() {
  stopping = true;
  for (const entry of processes.values()) tell(entry, 'end');
  await sleep(3000);
  for (const entry of processes.values()) if (!entry.exited) entry.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

let result = null;
try {
  result = await main();
  verdict(result);
} catch (error) {
  fail(`the soak could not run: ${error.stack ?? error}`);
  console.log(`\nSOAK-RESULT ${JSON.stringify({ minutes, seed, faults: faults.length, failures })}`);
}
await shutdown();
process.exit(failures.length === 0 ? 0 : 1);
