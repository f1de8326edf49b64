// What DAVE adds per frame per stream (issue 14 "Numbers": ≤ 25 µs over transport-only), with
// both measured in one run, through NodePlatform exactly as the core calls it on the JS thread:
// - transport only: the sender's AEAD seal of a 120-byte Opus frame (12-byte RTP header as AAD)
//   and the receiver's open (internal.PlatformProbe.benchAead, timed in native code);
// - DAVE + transport: the sender's DAVE EncryptOpus, the seal and open of the 12 bytes longer
//   frame, the receiver's DAVE Decrypt (benchDave with two platform sessions in one MLS group,
//   made with the emulator's external sender, as in a call).
// Same-run baseline for the boundary: davey's encryptOpus + decrypt called directly from JS.
// Rounds alternate between the measures so machine noise hits them alike.
import { createRequire } from 'node:module';
import { formatNs, nsPerOp, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const { binding } = require('../../dist/sdk/binding.js');
const { NodePlatformHost } = require('../../dist/platform/node_host.js');
const { ExternalSender } = require('../../dist/emulator/voice/dave/external_sender.js');
const { externalAdd, groupIdOf } = require('../../dist/emulator/voice/dave/external_proposals.js');
const { vector } = require('../../dist/emulator/voice/dave/mls_codec.js');
const Davey = require('@snazzah/davey');

const OPUS_BYTES = 120;
const ITERATIONS = 20_000;
const ROUNDS = 7;
const CHANNEL = 927310423890473011n;
const ALICE = 158049329150427136n;
const BOB = 158533742254751744n;
const AES_GCM = 0;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Two DAVE sessions of one NodePlatform in one group: Alice commits, Bob is welcomed. */
function platformGroup() {
  const sender = new ExternalSender();
  const probe = new binding.internal.PlatformProbe(new NodePlatformHost(), () => {});
  const proposals = (keyPackage) => vector(externalAdd(sender, groupIdOf(CHANNEL.toString()), 0n, keyPackage).message);
  const [alice, bob] = [ALICE, BOB].map((userId) => {
    const session = probe.createDaveSession(1, userId, CHANNEL);
    if (typeof session !== 'number') throw new Error(`createDaveSession: ${session}`);
    if (!probe.daveSetExternalSender(session, sender.serialize())) throw new Error('external sender refused');
    return { session, keyPackage: probe.daveCreateKeyPackage(session) };
  });
  const result = probe.daveProcessProposals(alice.session, 0, proposals(bob.keyPackage), [BOB]);
  if (typeof result === 'string') throw new Error(`proposals: ${result}`);
  if (!probe.daveProcessCommit(alice.session, result.commit)) throw new Error('commit refused');
  if (!probe.daveProcessWelcome(bob.session, result.welcome)) throw new Error('welcome refused');
  return { probe, alice: alice.session, bob: bob.session };
}

/** The same group made with davey directly (the baseline's sessions). */
function daveyGroup() {
  const sender = new ExternalSender();
  const alice = new Davey.DAVESession(1, ALICE.toString(), CHANNEL.toString());
  const bob = new Davey.DAVESession(1, BOB.toString(), CHANNEL.toString());
  for (const session of [alice, bob]) session.setExternalSender(sender.serialize());
  const proposals = vector(externalAdd(sender, groupIdOf(CHANNEL.toString()), 0n, bob.getSerializedKeyPackage()).message);
  const { commit, welcome } = alice.processProposals(0, proposals, [BOB.toString()]);
  alice.processCommit(commit);
  bob.processWelcome(welcome);
  return { alice, bob };
}

const { probe, alice, bob } = platformGroup();
const direct = daveyGroup();
const frame = Buffer.alloc(OPUS_BYTES, 0x5a);
const samples = { transport: [], transportDaveSized: [], dave: [], daveEncrypt: [], daveDecrypt: [], direct: [] };

function aeadRound(bytes) {
  const { sealMicros, openMicros, roundTrips } = probe.benchAead(AES_GCM, bytes, ITERATIONS);
  if (roundTrips !== ITERATIONS) throw new Error(`AEAD: only ${roundTrips} of ${ITERATIONS} round trips`);
  return (sealMicros + openMicros) * 1000;
}

function daveRound() {
  const { encryptMicros, decryptMicros, roundTrips } = probe.benchDave(alice, bob, ALICE, OPUS_BYTES, ITERATIONS);
  if (roundTrips !== ITERATIONS) throw new Error(`DAVE: only ${roundTrips} of ${ITERATIONS} round trips`);
  return { encrypt: encryptMicros * 1000, decrypt: decryptMicros * 1000 };
}

const aliceId = ALICE.toString();
for (let round = 0; round < ROUNDS + 1; round++) {
  const transport = aeadRound(OPUS_BYTES);
  const transportDaveSized = aeadRound(OPUS_BYTES + 12);
  const dave = daveRound();
  const directNs = nsPerOp(() => direct.bob.decrypt(aliceId, 0, direct.alice.encryptOpus(frame)).length, { iterations: ITERATIONS, rounds: 1, warmup: 0 });
  if (round === 0) continue; // warm-up
  samples.transport.push(transport);
  samples.transportDaveSized.push(transportDaveSized);
  samples.daveEncrypt.push(dave.encrypt);
  samples.daveDecrypt.push(dave.decrypt);
  samples.dave.push(dave.encrypt + dave.decrypt + transportDaveSized);
  samples.direct.push(directNs);
}
probe.detach();

const transportOnly = median(samples.transport);
const withDave = median(samples.dave);
const added = withDave - transportOnly;
const rows = [
  ['transport only: AEAD seal + open, 120 B', formatNs(transportOnly), ''],
  ['DAVE encrypt (sender)', formatNs(median(samples.daveEncrypt)), ''],
  ['DAVE decrypt (receiver)', formatNs(median(samples.daveDecrypt)), ''],
  ['DAVE + transport: encrypt, seal + open 132 B, decrypt', formatNs(withDave), ''],
  ['**DAVE added per frame per stream**', `**${formatNs(added)}**`, `target ≤ 25 µs: ${added <= 25_000 ? 'met' : 'NOT met'}`],
  ['baseline: davey encryptOpus + decrypt called from JS', formatNs(median(samples.direct)), `through the platform: ${((median(samples.daveEncrypt) + median(samples.daveDecrypt)) / median(samples.direct)).toFixed(2)}×`],
];
console.log('### DAVE per frame (end-to-end encryption over the transport)\n');
console.log(table(['per 20 ms frame of one stream', 'time', 'note'], rows));
console.log(`\nMedians of ${ROUNDS} alternating rounds of ${ITERATIONS} frames after one warm-up round; two DAVE sessions of one NodePlatform (@snazzah/davey ${Davey.VERSION}) in one MLS group made with the emulator's external sender; AES-256-GCM transport. Allocation: davey returns a new Buffer per encrypt and per decrypt (≈ 450 B of JS heap per frame both ways, nothing retained; test/sdk/voice/platform_dave.test.ts); the boundary adds none. \`node scripts/bench/voice-dave.bench.mjs\` reproduces it.\n`);
