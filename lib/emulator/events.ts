// The emulator's internal event bus: every change the real service would dispatch on its
// gateway (or to webhooks) is published here once, with who should see it. The gateway and the
// local-client (IPC) servers subscribe; routes only publish.
import { EventEmitter } from 'node:events';

export interface BusEvent {
  /** The gateway dispatch name, e.g. LOBBY_MESSAGE_CREATE. */
  type: string;
  data: Record<string, unknown>;
  /** Users whose sessions receive it. */
  userIds: string[];
  /** For guild events: bots of applications in this guild receive it too. */
  guildId?: string;
  applicationId?: string;
}

export class EventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  publish(event: BusEvent): void {
    this.#emitter.emit('event', event);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.#emitter.on('event', listener);
    return () => this.#emitter.off('event', listener);
  }
}
