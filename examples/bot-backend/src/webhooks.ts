// Webhook events: the service POSTs events about the application (a player authorized or
// deauthorized it, an entitlement was created, a lobby message was posted) to the events URL set
// in the portal. A 2xx within 3 s acknowledges one; anything else is retried for 10 minutes, so
// the handler answers at once and does its work afterwards.

const PING = 0;
const EVENT = 1;

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * The event of a verified webhook body; undefined for the PING sent when the URL is set and for
 * a kind of body this backend does not know (a newer version of the service's: acknowledged all
 * the same, or the service would retry it for 10 minutes).
 */
export function webhookEvent(body: { type?: unknown; event?: unknown }): WebhookEvent | undefined {
  if (body.type === PING) return undefined;
  if (body.type === EVENT && body.event && typeof (body.event as WebhookEvent).type === 'string') return body.event as WebhookEvent;
  return undefined;
}

/** One line about an event for the log: its type and whom it is about (ids, never tokens). */
export function describeEvent(event: WebhookEvent): string {
  const user = event.data.user as { id?: string; username?: string } | undefined;
  return `webhook event ${event.type}${user?.username ? ` for ${user.username}` : ''}`;
}
