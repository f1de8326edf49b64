// The backend's HTTP server: three doors. POST /interactions and POST /webhooks take only
// requests the service signed (checked on the raw bytes before anything is parsed); GET /login and
// GET /callback are the web pages of account linking. Everything it does is reported through
// `events`, which main.ts prints.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LinkedPlayer } from './api.js';
import { handleInteraction } from './interactions.js';
import type { AccountLinking } from './linking.js';
import type { SignatureVerifier } from './signature.js';
import { webhookEvent, type WebhookEvent } from './webhooks.js';

/** Bodies larger than this are refused unread: the service's are a few kilobytes. */
const MAX_BODY_BYTES = 256 * 1024;

export interface BackendEvents {
  refused(door: string, why: string): void;
  command(name: string, userId: string | undefined): void;
  webhook(event: WebhookEvent): void;
  linked(player: LinkedPlayer): void;
}

/** `linking` is asked per request: its redirect URI names the port, known once the server listens. */
export function createBackendServer(verifier: SignatureVerifier, linking: () => AccountLinking, events: BackendEvents): Server {
  return createServer((req, res) => {
    route(req, res, verifier, linking(), events).catch((error: Error) => {
      // The error text is the backend's own (api.ts and linking.ts keep secrets out of it).
      if (!res.headersSent) send(res, 500, 'text/plain', `backend error: ${error.message}`);
      else res.destroy();
    });
  });
}

async function route(req: IncomingMessage, res: ServerResponse, verifier: SignatureVerifier, linking: AccountLinking, events: BackendEvents): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://backend.invalid');
  const door = `${req.method} ${url.pathname}`;
  if (door === 'POST /interactions' || door === 'POST /webhooks') {
    const body = await signedBody(req, verifier);
    if (typeof body === 'string') {
      events.refused(door, body);
      return send(res, 401, 'text/plain', 'invalid request signature');
    }
    if (door === 'POST /interactions') {
      const outcome = handleInteraction(body as Parameters<typeof handleInteraction>[0]);
      if (outcome.kind === 'unsupported') return send(res, 400, 'text/plain', 'unsupported interaction type');
      if (outcome.kind === 'command') {
        const interaction = body as { member?: { user?: { id?: string } }; user?: { id?: string } };
        events.command(outcome.name, interaction.member?.user?.id ?? interaction.user?.id);
      }
      return send(res, 200, 'application/json', JSON.stringify(outcome.response));
    }
    const event = webhookEvent(body as { type?: unknown; event?: unknown });
    // Acknowledged first: the service waits at most 3 s for the answer.
    send(res, 204);
    if (event) events.webhook(event);
    return;
  }
  if (door === 'GET /login') {
    res.writeHead(302, { location: linking.loginUrl(), 'cache-control': 'no-store' });
    res.end();
    return;
  }
  if (door === 'GET /callback') {
    try {
      const player = await linking.complete(url.searchParams);
      send(res, 200, 'text/html; charset=utf-8', `<!doctype html><title>Linked</title><p>Linked as ${escapeHtml(player.username)}. You can close this page.</p>`);
      events.linked(player);
      return;
    } catch (error) {
      return send(res, 400, 'text/html; charset=utf-8', `<!doctype html><title>Not linked</title><p>${escapeHtml((error as Error).message)}</p>`);
    }
  }
  send(res, 404, 'text/plain', 'not found');
}

/** The parsed JSON body when its signature holds; else why not, as a string. */
async function signedBody(req: IncomingMessage, verifier: SignatureVerifier): Promise<unknown> {
  const raw = await readBody(req);
  if (raw === undefined) return 'body too large';
  const signature = header(req, 'x-signature-ed25519');
  const timestamp = header(req, 'x-signature-timestamp');
  if (!verifier.verify(signature, timestamp, raw)) return 'bad or missing signature';
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return 'signed, but not JSON';
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, type?: string, body?: string): void {
  res.writeHead(status, type ? { 'content-type': type } : {});
  res.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
