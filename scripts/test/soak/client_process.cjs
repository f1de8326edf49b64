// One SDK client of the soak test (scripts/test/soak.mjs), in its own process (started with
// --expose-gc, over fork's IPC channel), on virtual audio against the soak's emulator. It does
// what the orchestrator asks (chat, presence, invites, calls, a member leaving and rejoining),
// counts every callback of every call it makes, and tells the orchestrator what it saw:
//   {event: 'ready'}                                Ready after Connect
//   {event: 'sent', content, ok, messageId}         the answer to a lobby message it sent
//   {event: 'message', id, content}                 each MessageCreated (with the content)
//   {event: 'invite', from, messageId}              each ActivityInviteCreated
//   {event: 'invited', to, ok}                      the answer to an invite it sent
//   {event: 'status', status}                       each Client status change
//   {event: 'call', status, error, detail, generation}  each call status change
//   {event: 'leaving', generation}                  before it ends a call on purpose
//   {event: 'tones', at, present: [hz...]}          which tones its speaker played in the last
//                                                   100 ms, each time that set changes
//   {event: 'sample', rss, fds, threads, heap}      its resources, when asked
//   {event: 'final', ...}                           what it sees at the end (presence views,
//                                                   calls never answered or answered twice)
const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const sdk = require(join(__dirname, '..', '..', '..', 'dist', 'index.js'));

const env = JSON.parse(process.env.SDKPP_SOAK_CLIENT);
const say = (event, data = {}) => process.send({ event, ...data });

// --- every callback once

const calls = new Map(); // id -> {what, answers}
let nextCall = 1;
/** A callback for one call: counts its answers (a second one is a violation reported at once). */
function once(what, handler) {
  const id = nextCall++;
  const record = { what, answers: 0 };
  calls.set(id, record);
  return (...args) => {
    record.answers += 1;
    if (record.answers > 1) say('violation', { what: `${what} answered ${record.answers} times` });
    else calls.delete(id);
    handler(...args);
  };
}

// --- tones: Goertzel power of each frequency over the last 100 ms of the speaker (left channel)

function levels(samples, tones) {
  const frames = samples.length / 2;
  const out = {};
  for (const hz of tones) {
    const k = (2 * Math.PI * hz) / 48000;
    const coeff = 2 * Math.cos(k);
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < frames; i++) {
      const s0 = samples[2 * i] / 32768 + coeff * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
    const amplitude = (2 * Math.sqrt(Math.max(power, 0))) / frames;
    out[hz] = amplitude > 0 ? 20 * Math.log10(amplitude) : -200;
  }
  return out;
}

const client = new sdk.Client(env.apiBase, env.webBase, { ipcPaths: () => env.ipcPaths, openUrl: () => false });
client.SetApplicationId(BigInt(env.appId));
// Each client plays a steady test tone, not a voice: its microphone is left raw (echo
// cancellation, noise suppression and gain control are on by default, and a suppressor learns a
// tone that never stops as noise — test/e2e/helpers.ts rawMicrophone).
client.SetEchoCancellation(false);
client.SetNoiseSuppression(false);
client.SetAutomaticGainControl(false);
client.SetStatusChangedCallback((status) => {
  say('status', { status });
  if (status === sdk.Client.Status.Ready) say('ready');
});
client.SetMessageCreatedCallback((messageId) => {
  const handle = client.GetMessageHandle(messageId);
  say('message', { id: messageId.toString(), content: handle ? handle.Content() : null });
});
client.SetActivityInviteCreatedCallback((invite) => say('invite', { from: invite.SenderId().toString(), messageId: invite.MessageId().toString() }));
client.AddLogCallback((line, severity) => {
  if (severity >= sdk.LoggingSeverity.Error) say('log', { line: line.slice(0, 300) });
}, sdk.LoggingSeverity.Warning);

let lobbyId = null;
let call = null;
let generation = 0;
let tonesTimer = null;
let lastTones = '';
let presenceCount = 0;

function activity(state) {
  const a = new sdk.Activity();
  a.SetName('Soak');
  a.SetType(sdk.ActivityTypes.Playing);
  a.SetState(state);
  const party = new sdk.ActivityParty();
  party.SetId(`soak-party-${env.name}`);
  party.SetCurrentSize(1);
  party.SetMaxSize(4);
  a.SetParty(party);
  const secrets = new sdk.ActivitySecrets();
  secrets.SetJoin(`soak-join-${env.name}`);
  a.SetSecrets(secrets);
  return a;
}

function startCall() {
  generation += 1;
  const mine = generation;
  call = client.StartCall(lobbyId);
  if (!call.valid) return say('violation', { what: 'StartCall gave an invalid Call' });
  call.SetVADThreshold(false, -60);
  call.SetStatusChangedCallback((status, error, detail) => say('call', { status, error, detail, generation: mine }));
}

function measureTones() {
  const speaker = client.native._VirtualAudio('speaker', 5);
  if (!speaker) return;
  const found = levels(speaker, env.tones);
  const present = env.tones.filter((hz) => found[hz] > -45);
  const key = present.join(',');
  if (key !== lastTones) {
    lastTones = key;
    say('tones', { at: Date.now(), present });
  }
}

function sample() {
  global.gc();
  const memory = process.memoryUsage();
  say('sample', { rss: memory.rss, heap: memory.heapUsed, fds: readdirSync('/proc/self/fd').length, threads: readdirSync('/proc/self/task').length });
}

function presenceViews() {
  const views = {};
  for (const relationship of client.GetRelationships()) {
    const user = relationship.User();
    if (!user) continue;
    const game = user.GameActivity();
    views[user.Id().toString()] = game ? game.State() ?? null : null;
  }
  return views;
}

const actions = {
  async start() {
    await new Promise((resolve) => client.UpdateToken(sdk.AuthorizationTokenType.Bearer, env.token, once('UpdateToken', resolve)));
    client.Connect();
  },
  async join() {
    const [result, id] = await new Promise((resolve) => client.CreateOrJoinLobby(env.lobbySecret, once('CreateOrJoinLobby', (...a) => resolve(a))));
    if (!result.Successful()) return say('violation', { what: `CreateOrJoinLobby failed: ${result.Error()}` });
    lobbyId = id;
    say('joined', { lobbyId: id.toString() });
  },
  call() {
    if (env.tone) client.native._VirtualAudio('sine', env.tone, -20);
    startCall();
    tonesTimer = setInterval(measureTones, 100);
  },
  leaveAndRejoin(message) {
    // Said before EndCall: the call's Disconnected status comes before EndCall's answer.
    say('leaving', { generation });
    client.EndCall(lobbyId, once('EndCall', () => {
      setTimeout(() => startCall(), message.pauseMs);
    }));
  },
  chat(message) {
    client.SendLobbyMessage(lobbyId, message.content, once('SendLobbyMessage', (result, messageId) => {
      say('sent', { content: message.content, ok: result.Successful(), error: result.Successful() ? null : result.Error(), messageId: messageId.toString() });
    }));
  },
  presence() {
    presenceCount += 1;
    const state = `${env.name}-${presenceCount}`;
    client.UpdateRichPresence(activity(state), once('UpdateRichPresence', (result) => say('presence', { state, ok: result.Successful(), error: result.Successful() ? null : result.Error() })));
  },
  invite(message) {
    client.SendActivityInvite(BigInt(message.toId), 'join me', once('SendActivityInvite', (result) => say('invited', { to: message.to, ok: result.Successful(), error: result.Successful() ? null : result.Error() })));
  },
  probeLocalClient() {
    client.IsServiceAppInstalled(once('IsServiceAppInstalled', () => {}));
  },
  sample,
  final() {
    clearInterval(tonesTimer);
    const unanswered = [...calls.values()].map((c) => c.what);
    say('final', { unanswered, presence: presenceViews(), callStatus: call && call.valid ? call.GetStatus() : null });
  },
  async end() {
    if (lobbyId !== null && call && call.valid) await new Promise((resolve) => client.EndCall(lobbyId, once('EndCall', resolve)));
    client.Dispose();
    process.exit(0);
  },
};

process.on('message', (message) => {
  Promise.resolve(actions[message.action](message)).catch((error) => say('violation', { what: `${message.action} threw: ${error && error.stack ? error.stack : error}` }));
});
process.on('unhandledRejection', (reason) => say('violation', { what: `unhandled rejection: ${reason && reason.stack ? reason.stack : reason}` }));
process.on('uncaughtException', (error) => say('violation', { what: `uncaught exception: ${error && error.stack ? error.stack : error}` }));
process.on('disconnect', () => process.exit(0));
say('started');
