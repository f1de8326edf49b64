// The interactions endpoint: the service POSTs each slash command here (instead of over the
// bot's gateway connection) and takes the HTTP answer as the interaction's response, which must
// come within 3 seconds. Its first POST is a PING, when the URL is set, answered with a PONG.
import { answerCommand, type CommandInteraction } from './commands.js';

const PING = 1;
const APPLICATION_COMMAND = 2;
const PONG = 1;

export type InteractionOutcome =
  | { kind: 'ping'; response: unknown }
  | { kind: 'command'; name: string; response: unknown }
  | { kind: 'unsupported'; type: unknown };

/** What to answer to a verified interaction body. */
export function handleInteraction(body: { type?: unknown } & Partial<CommandInteraction>): InteractionOutcome {
  if (body.type === PING) return { kind: 'ping', response: { type: PONG } };
  if (body.type === APPLICATION_COMMAND && typeof body.data?.name === 'string') {
    return { kind: 'command', name: body.data.name, response: answerCommand(body as CommandInteraction) };
  }
  // Components, autocomplete, modals: this backend registers none, so none should come.
  return { kind: 'unsupported', type: body.type };
}
