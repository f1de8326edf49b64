// The cost of crossing N-API for a getter, and PKCE generation, each against a pure-JS baseline
// measured in the same run.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { formatNs, nsPerOp, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const { AuthorizationArgs, Client } = require('../../dist/index.js');
const { binding } = require('../../dist/sdk/binding.js');

class PlainArgs {
  #scopes = 'openid sdk.social_layer';
  Scopes() {
    return this.#scopes;
  }
  SetScopes(scopes) {
    this.#scopes = scopes;
  }
}

const nativeArgs = new AuthorizationArgs();
nativeArgs.SetScopes('openid sdk.social_layer');
const plainArgs = new PlainArgs();
const client = new Client();

function nodeCryptoVerifier() {
  const verifier = randomBytes(64).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const getterNative = nsPerOp(() => nativeArgs.Scopes().length, { iterations: 1_000_000 });
const getterPlain = nsPerOp(() => plainArgs.Scopes().length, { iterations: 1_000_000 });
// The floor of any string getter: an addon function on the C API returning a constant string of
// the same length (no receiver, no copy). No addon getter can be cheaper than this crossing.
const constantString = binding.internal.constantString;
const getterFloor = nsPerOp(() => constantString().length, { iterations: 1_000_000 });
// Every read after a change: the string getters answer repeated reads from a JS memo
// (lib/sdk/string_getter_memo.ts), so this is the cost of a read that crosses, with its setter.
const SCOPES = ['openid sdk.social_layer', 'openid sdk.social_layer email'];
const setGetNative = nsPerOp((i) => (nativeArgs.SetScopes(SCOPES[i & 1]), nativeArgs.Scopes().length), { iterations: 300_000 });
const setGetPlain = nsPerOp((i) => (plainArgs.SetScopes(SCOPES[i & 1]), plainArgs.Scopes().length), { iterations: 300_000 });
const pkceNative = nsPerOp(() => client.CreateAuthorizationCodeVerifier().Challenge().Challenge().length, {
  iterations: 20_000,
});
const pkceNodeCrypto = nsPerOp(() => nodeCryptoVerifier().challenge.length, { iterations: 20_000 });

console.log('### SDK core (N-API boundary, PKCE)\n');
console.log(
  table(
    ['operation', 'sdkpp', 'baseline', 'baseline is', 'ratio (sdkpp / baseline)'],
    [
      ['`args.Scopes()` getter', formatNs(getterNative), formatNs(getterPlain), 'a plain JS class getter', (getterNative / getterPlain).toFixed(1) + '×'],
      ['`args.Scopes()` getter', formatNs(getterNative), formatNs(getterFloor), 'the floor: an addon function returning a constant string of the same length (`internal.constantString()`)', (getterNative / getterFloor).toFixed(2) + '×'],
      ['`args.SetScopes(s)` then `args.Scopes()` (every read after a change)', formatNs(setGetNative), formatNs(setGetPlain), 'the same on a plain JS class', (setGetNative / setGetPlain).toFixed(1) + '×'],
      [
        '`CreateAuthorizationCodeVerifier()` + `Challenge().Challenge()`',
        formatNs(pkceNative),
        formatNs(pkceNodeCrypto),
        '`randomBytes(64)` + `createHash("sha256")` in JS',
        (pkceNative / pkceNodeCrypto).toFixed(2) + '×',
      ],
    ],
  ),
);
console.log('\nMedian of 7 timed rounds after 2 warm-up rounds; `node scripts/bench/sdk-core.bench.mjs` reproduces it.\n');
