// The app's interactions endpoint URL: interactions are POSTed there signed like webhooks
// (Ed25519 over timestamp + body, X-Signature-Ed25519 / X-Signature-Timestamp), and the reply's
// JSON body is the interaction's response. Setting a URL is checked with a PING that must be
// answered with a PONG ({"type": 1}), as the public API does.
import { createPrivateKey, sign } from 'node:crypto';
import type { Emulator } from '../emulator';
import { MAX_BODY_BYTES } from '../http/body';
import { ApiError } from '../http/errors';
import type { Application } from '../model/types';
import { newSecret } from '../secrets';
import { endpointRefusal } from '../endpoint_policy';
import { settingsOf } from './application_defaults';

/** The endpoint must answer within 3 s (real time: it is a real HTTP exchange). */
export const ENDPOINT_TIMEOUT_MS = 3000;

/**
 * The reply's body as text, refused past `limit` bytes: the endpoint is another program, and a
 * reply streamed for the whole timeout over loopback would otherwise be held in memory whole.
 */
async function boundedText(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new Error(`the interactions endpoint answered more than ${limit} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if ((error as Error).message.startsWith('the interactions endpoint')) throw error;
    throw new Error(`the interactions endpoint's answer broke off (${(error as Error).name})`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The cause under a fetch failure, for the log: `ECONNREFUSED`, `TimeoutError`, … */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } })?.cause;
  return cause?.code ?? cause?.name ?? (error as Error)?.name ?? 'Error';
}

/**
 * POSTs `payload` to the app's endpoint, signed; resolves to the reply's JSON body or throws with
 * why not. Only to this machine unless the emulator allows remote endpoints (endpoint_policy.ts);
 * redirects are not followed (a redirect would lead anywhere). A failure to connect, refused,
 * unreachable or timed out, is one text for the bot; the emulator's log has the cause.
 */
export async function postToEndpoint(emu: Emulator, app: Application, url: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const refusal = endpointRefusal(url, emu.allowRemoteEndpoints, 'the interactions endpoint URL');
  if (refusal) throw new Error(refusal);
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(emu.now() / 1000));
  const key = createPrivateKey({ key: Buffer.from(app.privateKeyPkcs8Base64, 'base64'), format: 'der', type: 'pkcs8' });
  const signature = sign(null, Buffer.from(timestamp + body), key).toString('hex');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'sdkpp-emulator-interactions', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ENDPOINT_TIMEOUT_MS),
    });
  } catch (error) {
    emu.log(`interactions endpoint ${new URL(url).origin} of application ${app.id}: no answer (${causeOf(error)})`);
    throw new Error('the interactions endpoint could not be reached or did not answer in time');
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`the interactions endpoint answered HTTP ${response.status}`);
  }
  const text = await boundedText(response, MAX_BODY_BYTES);
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new Error('the interactions endpoint answered a body that is not JSON');
  }
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) throw new Error('the interactions endpoint answered a body that is not a JSON object');
  return reply as Record<string, unknown>;
}

/**
 * The service's check of a new interactions endpoint URL: a signed PING that must be answered
 * {"type": 1}; otherwise 400 (50035 on `field`) and the URL is not taken.
 */
export async function verifyInteractionsEndpoint(emu: Emulator, app: Application, url: string, field = 'url'): Promise<void> {
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw new ApiError(400, 50035, `${field}: an http(s) URL`);
  const ping = { id: emu.ids.next(), application_id: app.id, type: 1, token: newSecret('emu_it_'), version: 1 };
  let reply: Record<string, unknown>;
  try {
    reply = await postToEndpoint(emu, app, url, ping);
  } catch (error) {
    throw new ApiError(400, 50035, `${field}: ${(error as Error).message}`);
  }
  if (reply.type !== 1) throw new ApiError(400, 50035, `${field}: the interactions endpoint must answer the PING with {"type": 1}`);
}

/** Sets (after a PING answered with a PONG) or clears the app's interactions endpoint URL. */
export async function setInteractionsEndpoint(emu: Emulator, app: Application, url: string | null): Promise<void> {
  if (url !== null) await verifyInteractionsEndpoint(emu, app, url);
  app.settings = { ...settingsOf(app), interactionsEndpointUrl: url }; // the Application object's field
  emu.changed();
}
