// Webhook events to the application's events URL (docs/protocols/http.md): the {version, application_id,
// type, event} envelope, an Ed25519 signature over timestamp + body, a 3 s answer window, and
// retries with exponential backoff on the emulator clock for up to 10 minutes — so nothing is
// lost while the receiver is down for less than that.
import type { Journal } from './journal';
import { createPrivateKey, sign } from 'node:crypto';
import type { EmulatorClock } from './clock';
import type { Application } from './model/types';

/**
 * Every webhook event type the service names (spec, "Webhook events"; docs/protocols/http.md): the one
 * list that `send` accepts and an application's `event_webhooks_types` is checked against.
 * QUEST_USER_ENROLLMENT is shown by name only: it is accepted in a subscription, and the
 * emulator never sends it (its payload is not shown).
 */
export const WEBHOOK_EVENT_TYPES = [
  'APPLICATION_AUTHORIZED',
  'APPLICATION_DEAUTHORIZED',
  'ENTITLEMENT_CREATE',
  'QUEST_USER_ENROLLMENT',
  'LOBBY_MESSAGE_CREATE',
  'LOBBY_MESSAGE_UPDATE',
  'LOBBY_MESSAGE_DELETE',
  'GAME_DIRECT_MESSAGE_CREATE',
  'GAME_DIRECT_MESSAGE_UPDATE',
  'GAME_DIRECT_MESSAGE_DELETE',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_TIMEOUT_MS = 3000;
export const WEBHOOK_RETRY_WINDOW_MS = 10 * 60 * 1000;
const FIRST_RETRY_MS = 1000;
/**
 * Backoff doubles from 1 s but stops growing at 1 minute, and the last attempt is made exactly
 * when the 10-minute window closes. Uncapped doubling would leave a gap of 512 s after the
 * attempt at 511 s, so a receiver down for only ~9 minutes would lose the event.
 */
export const WEBHOOK_MAX_BACKOFF_MS = 60_000;

export interface Delivery {
  applicationId: string;
  url: string;
  body: string;
  firstAttemptAt: number;
  attempts: number;
  eventType: string;
  /** An attempt is on the wire (tests wait for it to settle before moving the clock on). */
  inFlight: boolean;
}

export class WebhookDispatcher {
  /** Deliveries not yet acknowledged (for tests: what is still pending). */
  readonly pending = new Set<Delivery>();
  /** Every delivery that was acknowledged or given up, newest last (bounded). */
  readonly history: Array<{ eventType: string; delivered: boolean; attempts: number }> = [];

  constructor(
    private readonly clock: EmulatorClock,
    private readonly application: (id: string) => Application | undefined,
    private readonly log: (line: string) => void,
    private readonly journal?: Journal,
  ) {}

  /** type 0 PING; type 1 EVENT with {type, timestamp, data}. */
  send(app: Application, eventType: WebhookEventType | null, data: Record<string, unknown> = {}): void {
    if (!app.eventsUrl) return;
    this.journal?.record('webhook', `${eventType ?? 'PING'} to ${app.name}'s events URL`);
    // An application that chose its event types (event_webhooks_types) receives only those.
    const chosen = app.settings?.eventWebhooksTypes;
    if (eventType && chosen && !chosen.includes(eventType)) return;
    const envelope: Record<string, unknown> = { version: 1, application_id: app.id, type: eventType ? 1 : 0 };
    if (eventType) {
      envelope.event = { type: eventType, timestamp: new Date(this.clock.now()).toISOString(), data };
    }
    const delivery: Delivery = {
      applicationId: app.id,
      url: app.eventsUrl,
      body: JSON.stringify(envelope),
      firstAttemptAt: this.clock.now(),
      attempts: 0,
      eventType: eventType ?? 'PING',
      inFlight: false,
    };
    this.pending.add(delivery);
    void this.#attempt(delivery);
  }

  async #attempt(delivery: Delivery): Promise<void> {
    const app = this.application(delivery.applicationId);
    if (!app) {
      this.pending.delete(delivery);
      return;
    }
    delivery.attempts++;
    delivery.inFlight = true;
    const timestamp = String(Math.floor(this.clock.now() / 1000));
    const key = createPrivateKey({ key: Buffer.from(app.privateKeyPkcs8Base64, 'base64'), format: 'der', type: 'pkcs8' });
    const signature = sign(null, Buffer.from(timestamp + delivery.body), key).toString('hex');
    let ok = false;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'sdkpp-emulator-webhooks',
          'x-signature-ed25519': signature,
          'x-signature-timestamp': timestamp,
        },
        body: delivery.body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      // Only the status matters: the body is dropped unread rather than buffered whole.
      await response.body?.cancel().catch(() => undefined);
      ok = response.status >= 200 && response.status < 300;
    } catch {
      ok = false;
    }
    delivery.inFlight = false;
    if (ok) {
      this.#settle(delivery, true);
      return;
    }
    const windowEnd = delivery.firstAttemptAt + WEBHOOK_RETRY_WINDOW_MS;
    const now = this.clock.now();
    if (now >= windowEnd) {
      this.log(`webhook ${delivery.eventType}: giving up after ${delivery.attempts} attempts`);
      this.#settle(delivery, false);
      return;
    }
    const backoff = Math.min(FIRST_RETRY_MS * 2 ** (delivery.attempts - 1), WEBHOOK_MAX_BACKOFF_MS);
    this.clock.at(Math.min(now + backoff, windowEnd), () => void this.#attempt(delivery));
  }

  #settle(delivery: Delivery, delivered: boolean): void {
    this.pending.delete(delivery);
    this.history.push({ eventType: delivery.eventType, delivered, attempts: delivery.attempts });
    if (this.history.length > 1000) this.history.shift();
  }
}
