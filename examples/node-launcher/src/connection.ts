// The gateway connection: presence, lobbies, chat and calls need the Client Ready. Connect
// retries by itself (refused connections, timeouts, 5xx) and stops on what retrying cannot fix
// (a refused token, a wrong address): that is Disconnected with an error, reported here.
import { Client } from 'sdkpp';
import { within } from './wait.js';

const CONNECT_LIMIT_MS = 30_000;

export async function connect(client: Client, signal: AbortSignal): Promise<void> {
  await within<true>('the connection (Client.Status.Ready)', CONNECT_LIMIT_MS, signal, (done, fail) => {
    client.SetStatusChangedCallback((status, error, errorDetail) => {
      if (status === Client.Status.Ready) done(true);
      else if (status === Client.Status.Disconnected && error !== Client.Error.None) {
        fail(new Error(`could not connect: ${Client.ErrorToString(error)} (${errorDetail}); the SDK's log says why`));
      }
    });
    client.Connect();
  });
  // From here on, a drop is the SDK's to handle (it reconnects and resumes): only say so.
  client.SetStatusChangedCallback((status) => {
    if (status !== Client.Status.Ready) console.log(`connection: ${Client.StatusToString(status)}`);
  });
}
