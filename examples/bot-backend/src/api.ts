// The backend's calls to the service's REST API: as the application's bot (Authorization: Bot),
// as the application itself (the OAuth2 token endpoint, with the client secret), and as a player
// who linked their account (Authorization: Bearer). Errors name the call and the status, never a
// credential.
import type { BackendConfig } from './config.js';

const TIMEOUT_MS = 10_000;

export interface LinkedPlayer {
  id: string;
  username: string;
  /** Seconds the access token is valid; the backend keeps the refresh token to renew it. */
  expiresIn: number;
  scope: string;
}

export class ServiceApi {
  constructor(private readonly config: BackendConfig) {}

  /** A REST call as the bot; answers the parsed JSON (undefined for 204). */
  async asBot(method: string, path: string, body?: unknown): Promise<unknown> {
    return this.#call(method, path, { authorization: `Bot ${this.config.botToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body === undefined ? undefined : JSON.stringify(body));
  }

  /**
   * The server-side half of account linking: the code the consent page gave the player's browser
   * becomes tokens here, with the client secret — which is why this exchange runs on the backend
   * and never in a game client. `redirectUri` repeats the one of the authorize request.
   */
  async exchangeCode(code: string, redirectUri: string): Promise<LinkedPlayer> {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const basic = Buffer.from(`${this.config.applicationId}:${this.config.clientSecret}`).toString('base64');
    const tokens = (await this.#call('POST', '/oauth2/token', { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, form.toString())) as {
      access_token: string;
      refresh_token?: string;
      expires_in: number;
      scope: string;
    };
    // A real backend stores tokens.refresh_token with the player's record (encrypted at rest) to
    // act for them later; this example only reads who they are.
    const me = (await this.#call('GET', '/users/@me', { authorization: `Bearer ${tokens.access_token}` })) as { id: string; username: string };
    return { id: me.id, username: me.username, expiresIn: tokens.expires_in, scope: tokens.scope };
  }

  async #call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<unknown> {
    const response = await fetch(`${this.config.apiBase}${path}`, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    if (!response.ok) {
      // The service's error body (a code and a message) says what was wrong; it holds no secret.
      throw new Error(`${method} ${path.split('?')[0]}: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
    return text === '' ? undefined : JSON.parse(text);
  }
}
