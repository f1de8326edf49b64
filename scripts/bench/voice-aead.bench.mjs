// The voice AEAD as the core will use it: a seal and an open of a 120-byte Opus payload (12-byte
// RTP header as AAD) through NodePlatform (key, nonce, AAD and payload copied into the scratch
// ArrayBuffer, one host call with the sizes, node:crypto, the output copied back), timed in native
// code by internal.PlatformProbe. Baseline, same run: the host's own aeadSealInto/aeadOpenInto
// called from JS on Buffers, that is node:crypto without the addon boundary.
import { createRequire } from 'node:module';
import { formatNs, nsPerOp, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const { binding } = require('../../dist/sdk/binding.js');
const { NodePlatformHost } = require('../../dist/platform/node_host.js');
const { aeadOpenInto, aeadSealInto } = require('../../dist/protocol/aead.js');

const PAYLOAD_BYTES = 120;
const ITERATIONS = 20_000;
const ROUNDS = 7;
const host = new NodePlatformHost();
const probe = new binding.internal.PlatformProbe(host, () => {});

/** Median µs per seal and per open through the addon, over ROUNDS rounds after one warm-up. */
function throughAddon(algorithm) {
  probe.benchAead(algorithm, PAYLOAD_BYTES, ITERATIONS);
  const seals = [];
  const opens = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { sealMicros, openMicros, roundTrips } = probe.benchAead(algorithm, PAYLOAD_BYTES, ITERATIONS);
    if (roundTrips !== ITERATIONS) throw new Error(`only ${roundTrips} of ${ITERATIONS} opens gave the payload back`);
    seals.push(sealMicros * 1000);
    opens.push(openMicros * 1000);
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { seal: median(seals), open: median(opens) };
}

function inJs(name, nonceBytes) {
  const key = Buffer.alloc(32, 7);
  const nonce = Buffer.alloc(nonceBytes);
  const aad = Buffer.alloc(12);
  const payload = Buffer.alloc(PAYLOAD_BYTES, 0x5a);
  const sealed = Buffer.alloc(PAYLOAD_BYTES + 16);
  const opened = Buffer.alloc(PAYLOAD_BYTES);
  const seal = nsPerOp((i) => {
    nonce[0] = i;
    return aeadSealInto(name, key, nonce, aad, payload, sealed) > 0;
  }, { iterations: ITERATIONS, rounds: ROUNDS, warmup: 1 });
  const open = nsPerOp(() => aeadOpenInto(name, key, nonce, aad, sealed, opened) === PAYLOAD_BYTES, { iterations: ITERATIONS, rounds: ROUNDS, warmup: 1 });
  return { seal, open };
}

const rows = [];
for (const [algorithm, name, nonceBytes] of [[0, 'aes-256-gcm', 12], [1, 'xchacha20-poly1305', 24]]) {
  const addon = throughAddon(algorithm);
  const js = inJs(name, nonceBytes);
  for (const op of ['seal', 'open']) {
    rows.push([`${name} ${op}, ${PAYLOAD_BYTES} B`, formatNs(addon[op]), formatNs(js[op]), (addon[op] / js[op]).toFixed(2) + '×']);
  }
}
probe.detach();

console.log('### Voice AEAD through the Node platform (per packet)\n');
console.log(table(['operation', 'through NodePlatform', 'baseline: the host function from JS', 'ratio'], rows));
console.log(`\nMedian of ${ROUNDS} timed rounds of ${ITERATIONS} packets after one warm-up; a call sends and receives 50 packets/s each way. \`node scripts/bench/voice-aead.bench.mjs\` reproduces it.\n`);
