// What the discord.js tests share: every await of a scenario bounded, and a client logged in
// (READY read by the library) before the scenario starts.
import { Events, type Client, type Message } from 'discord.js';

/** Each step of a discord.js scenario waits at most this long. */
export const STEP_MS = 5_000;

/** `promise`, or an error naming `what` after `ms` (every await of the scenario is bounded). */
export function within<T>(promise: Promise<T>, what: string, ms = STEP_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Logs `client` in with `botToken` and waits for ClientReady. */
export async function loggedIn(client: Client, botToken: string): Promise<Client<true>> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await within(client.login(botToken), 'login');
  await within(ready, 'ClientReady');
  return client as Client<true>;
}

/** The next messageCreate `client` sees from `authorId` (listen before the message is sent). */
export function nextMessageFrom(client: Client, authorId: string): Promise<Message> {
  return new Promise((resolve) => {
    const listener = (message: Message) => {
      if (message.author.id !== authorId) return;
      client.off(Events.MessageCreate, listener);
      resolve(message);
    };
    client.on(Events.MessageCreate, listener);
  });
}
