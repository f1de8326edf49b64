// The voice server's UDP relay under a full call: 25 members all talking (50 packets/s each =
// 1,250 in, 30,000 out per second), each packet opened with the sender's key and re-sealed for
// each of the 24 others. Baseline, same run, same clients: a bare `node:dgram` forwarder without
// crypto (the same discovery pinning, every datagram copied to the 24 other addresses).
// The relay runs in this process; the 25 members in a forked child, so process.cpuUsage() here
// is the server's CPU alone. Added delay = receive time − send time in the child (one clock),
// matched by SSRC and RTP sequence from the header the relay keeps.
import { fork } from 'node:child_process';
import dgram from 'node:dgram';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { percentile, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const MEMBERS = 25;
const SECONDS = 10;
const FRAME_MS = 20;
const PAYLOAD_BYTES = 120;

if (process.argv[2] === '--members') await members();
else await main();

// ---------------------------------------------------------------- the 25 members (child)

async function members() {
  const { discoveryRequest, sealedRtpPacket } = require('../../dist/emulator/voice/rtp.js');
  const ask = () => new Promise((resolve) => process.once('message', resolve));
  for (;;) {
    const job = await ask();
    if (job.type === 'exit') process.exit(0);
    const sentAt = new Map();
    const delays = [];
    const received = new Array(job.members.length).fill(0);
    const sockets = [];
    for (const [i, member] of job.members.entries()) {
      const socket = dgram.createSocket('udp4');
      await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve));
      const discovered = new Promise((resolve) => socket.once('message', resolve));
      socket.send(discoveryRequest(member.ssrc), job.port, '127.0.0.1');
      await discovered;
      socket.on('message', (packet) => {
        const at = sentAt.get(packet.readUInt32BE(8) * 65536 + packet.readUInt16BE(2));
        if (at !== undefined) delays.push(performance.now() - at);
        received[i]++;
      });
      sockets.push(socket);
    }
    process.send({ type: 'ready' });
    await ask();
    const state = job.members.map((m) => ({ ...m, key: Buffer.from(m.key), seq: 0, ts: 0, nonce: 0 }));
    const payload = Buffer.alloc(PAYLOAD_BYTES, 0x5a);
    const ticks = (SECONDS * 1000) / FRAME_MS;
    const started = performance.now();
    let sent = 0;
    for (let tick = 0; tick < ticks; tick++) {
      for (const [i, m] of state.entries()) {
        m.seq = (m.seq + 1) & 0xffff;
        m.ts = (m.ts + 960) >>> 0;
        m.nonce = (m.nonce + 1) >>> 0;
        const packet = sealedRtpPacket(m.mode, m.key, { ssrc: m.ssrc, sequence: m.seq, timestamp: m.ts, nonce: m.nonce }, payload);
        sentAt.set(m.ssrc * 65536 + m.seq, performance.now());
        sockets[i].send(packet, job.port, '127.0.0.1');
        sent++;
      }
      // Paced on the clock, not on timer drift.
      const next = started + (tick + 1) * FRAME_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const socket of sockets) socket.close();
    delays.sort((a, b) => a - b);
    process.send({ type: 'result', sent, received: received.reduce((a, b) => a + b, 0), expected: sent * (job.members.length - 1), p50: percentile(delays, 50), p99: percentile(delays, 99) });
  }
}

// ---------------------------------------------------------------- the servers (this process)

async function main() {
  const { startEmulator } = require('../../dist/emulator/index.js');
  const { MODE_AES_GCM, MODE_XCHACHA } = require('../../dist/emulator/voice/protocol.js');
  const child = fork(fileURLToPath(import.meta.url), ['--members'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (type) => new Promise((resolve) => child.on('message', function on(m) {
    if (m.type !== type) return;
    child.off('message', on);
    resolve(m);
  }));

  async function measure(port, joined) {
    child.send({ type: 'run', port, members: joined });
    await next('ready');
    const cpu = process.cpuUsage();
    const wall = performance.now();
    child.send({ type: 'go' });
    const result = await next('result');
    const used = process.cpuUsage(cpu);
    return { ...result, cpu: (used.user + used.system) / 1000 / (performance.now() - wall) };
  }

  const emu = await startEmulator({ port: 0, voiceHeartbeatIntervalMs: 600_000 });
  emu.control.setRateLimits(false);
  emu.control.voice.setDaveRequired(false); // raw members without DAVE; the relay forwards E2EE frames unopened anyway
  const ids = Array.from({ length: MEMBERS }, (_v, i) => String(emu.control.createUser({ username: `voice_bench_${i}` }).id));
  const secret = `bench-${Date.now()}`;
  let lobbyId = '';
  for (const id of ids) {
    const token = emu.control.issueToken(id).accessToken;
    const reply = await fetch(`${emu.apiBase}/lobbies`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ secret }) });
    lobbyId = (await reply.json()).id;
  }

  const rows = [];
  const sockets = [];
  for (const mode of [MODE_AES_GCM, MODE_XCHACHA]) {
    emu.control.voice.setVoiceModes([mode]);
    const joined = [];
    for (const id of ids) joined.push(await join(emu, id, lobbyId, mode, sockets));
    const before = droppedByServer(emu);
    rows.push({ name: `sdkpp relay, ${mode}`, ...(await measure(emu.voice.port, joined)), drops: droppedByServer(emu) - before });
    process.stderr.write(`[voice-relay] ${mode} done\n`);
  }
  const bare = await bareForwarder();
  const bareMembers = ids.map((_id, i) => ({ ssrc: 1000 + i, key: Array(32).fill(1), mode: MODE_AES_GCM }));
  rows.push({ name: 'bare node:dgram forwarder, no crypto', ...(await measure(bare.port, bareMembers)), drops: 0 });
  bare.close();
  child.send({ type: 'exit' });
  for (const ws of sockets) ws.terminate();
  await emu.close();

  const baseline = rows.at(-1);
  console.log('### Voice relay (SFU)\n');
  console.log(table(
    ['server', 'packets in', 'copies expected', 'copies received', 'lost (of which dropped by the relay)', 'server CPU (share of one core)', 'delay p50', 'delay p99', 'p99 added vs baseline'],
    rows.map((r) => [r.name, r.sent.toLocaleString('en-US'), r.expected.toLocaleString('en-US'), r.received.toLocaleString('en-US'), `${(r.expected - r.received).toLocaleString('en-US')} (${r.drops})`, `${(r.cpu * 100).toFixed(0)}%`, `${r.p50.toFixed(2)} ms`, `${r.p99.toFixed(2)} ms`, r === baseline ? '—' : `${(r.p99 - baseline.p99).toFixed(2)} ms`]),
  ));
  console.log(`
${MEMBERS} members in one lobby call, all talking for ${SECONDS} s: every ${FRAME_MS} ms each sends one RTP packet (${PAYLOAD_BYTES}-byte payload, sealed in the row's mode), so ${MEMBERS * 1000 / FRAME_MS} packets/s come in and ${MEMBERS * (MEMBERS - 1) * 1000 / FRAME_MS} copies/s go out. The relay opens each packet with the sender's key and re-seals it for each of the ${MEMBERS - 1} others with their key and nonce counter; the baseline only copies. Members run in a forked child (25 UDP sockets on 127.0.0.1, IP discovery first), the server in the parent: CPU is the parent's process.cpuUsage() over the run ÷ wall time. Delay is measured in the child from send to receive by SSRC and sequence. Copies lost but not dropped by the relay were lost in socket buffers while a process was not scheduled; on a machine shared with other work the delay figures mostly measure that. \`npm run build:ts && node scripts/bench/voice-relay.bench.mjs\` reproduces it.
`);
  process.exit(0);
}

/** Packets the relay itself dropped (any reason), all members. */
function droppedByServer(emu) {
  let total = 0;
  for (const member of Object.values(emu.control.voice.voiceStats().members)) for (const n of Object.values(member.dropped)) total += n;
  return total;
}

/** Main gateway op 4, then the voice gateway up to Session Description; returns {ssrc, key, mode}. */
async function join(emu, userId, lobbyId, mode, sockets) {
  const token = emu.control.issueToken(userId).accessToken;
  const gateway = await open(`${emu.gatewayUrl}?v=10&encoding=json`, sockets);
  gateway.ws.send(JSON.stringify({ op: 2, d: { token: `Bearer ${token}`, properties: {} } }));
  const ready = await gateway.next((p) => p.t === 'READY');
  gateway.ws.send(JSON.stringify({ op: 4, d: { guild_id: null, channel_id: lobbyId, self_mute: false, self_deaf: false } }));
  const server = await gateway.next((p) => p.t === 'VOICE_SERVER_UPDATE');
  const voice = await open(`ws://${server.d.endpoint}/?v=8`, sockets);
  voice.ws.send(JSON.stringify({ op: 0, d: { server_id: lobbyId, user_id: userId, session_id: ready.d.session_id, token: server.d.token } }));
  const voiceReady = await voice.next((p) => p.op === 2);
  voice.ws.send(JSON.stringify({ op: 1, d: { protocol: 'udp', data: { address: '127.0.0.1', port: 1, mode } } }));
  const description = await voice.next((p) => p.op === 4);
  return { ssrc: voiceReady.d.ssrc, key: description.d.secret_key, mode };
}

async function open(url, sockets) {
  const ws = new WebSocket(url);
  sockets.push(ws);
  const queue = [];
  let wake = () => undefined;
  ws.on('message', (data) => {
    queue.push(JSON.parse(data.toString()));
    wake();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    async next(match) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const index = queue.findIndex(match);
        if (index >= 0) return queue.splice(index, 1)[0];
        if (Date.now() > deadline) throw new Error(`no matching message from ${url}`);
        await new Promise((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

/** The baseline: discovery pins an SSRC's address; every other datagram goes to all others. */
async function bareForwarder() {
  const socket = dgram.createSocket('udp4');
  await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const addresses = new Map();
  socket.on('message', (packet, from) => {
    if (packet.length === 74) {
      addresses.set(packet.readUInt32BE(4), from);
      const answer = Buffer.alloc(74);
      answer.writeUInt16BE(2, 0);
      socket.send(answer, from.port, from.address);
      return;
    }
    const ssrc = packet.readUInt32BE(8);
    for (const [other, to] of addresses) if (other !== ssrc) socket.send(packet, to.port, to.address);
  });
  return { port: socket.address().port, close: () => socket.close() };
}
