// Account linking on the web, the server-side OAuth2 code flow: /login sends the player's
// browser to the consent page with a fresh `state`; the consent page sends it back to /callback
// with a code; the backend checks the state (the request began here, in this browser) and
// exchanges the code with the client secret. The secret, the code and the tokens stay on the
// server: the browser only ever sees the code, once.
import { randomBytes } from 'node:crypto';
import type { LinkedPlayer, ServiceApi } from './api.js';

const STATE_LIFETIME_MS = 10 * 60_000;
const MAX_PENDING = 1000;

export class AccountLinking {
  readonly #pending = new Map<string, number>();

  constructor(
    private readonly api: ServiceApi,
    private readonly webBase: string,
    private readonly applicationId: string,
    private readonly redirectUri: string,
  ) {}

  /** The consent page's address for a new login. */
  loginUrl(now = Date.now()): string {
    this.#forgetOld(now);
    const state = randomBytes(16).toString('hex');
    this.#pending.set(state, now + STATE_LIFETIME_MS);
    const query = new URLSearchParams({ client_id: this.applicationId, response_type: 'code', scope: 'identify', redirect_uri: this.redirectUri, state });
    return `${this.webBase}/oauth2/authorize?${query}`;
  }

  /** The callback's query: the linked player, or an error that says what was wrong (no secret). */
  async complete(query: URLSearchParams, now = Date.now()): Promise<LinkedPlayer> {
    const state = query.get('state') ?? '';
    const expires = this.#pending.get(state);
    // A state is used once: a second callback with it is someone else's replay.
    this.#pending.delete(state);
    if (expires === undefined || expires < now) throw new Error('this sign-in did not start here or took too long; start again from /login');
    const error = query.get('error');
    if (error) throw new Error(`the player did not link the account (${error})`);
    const code = query.get('code');
    if (!code) throw new Error('the callback has no code');
    return this.api.exchangeCode(code, this.redirectUri);
  }

  #forgetOld(now: number): void {
    for (const [state, expires] of this.#pending) if (expires < now) this.#pending.delete(state);
    // Bounded: a flood of /login requests cannot grow the map without end.
    while (this.#pending.size >= MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value as string);
  }
}
