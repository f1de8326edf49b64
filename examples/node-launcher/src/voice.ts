// The party's voice call: the microphone the player chose, push-to-talk, and what the launcher
// shows while the call runs (who joined, who is speaking, whether it is end-to-end encrypted).
// Audio runs on the SDK's own thread; everything here only steers it.
import { AudioModeType, Call, Client, type AudioDevice } from 'sdkpp';
import { nameOf } from './people.js';
import { sleep, within } from './wait.js';

const CONNECT_LIMIT_MS = 15_000;

/** Picks the microphone by id or part of its name (the system default without `wanted`). */
export async function chooseMicrophone(client: Client, wanted: string | undefined): Promise<AudioDevice> {
  const devices = await client.GetInputDevices();
  const chosen = wanted
    ? devices.find((d) => d.Id() === wanted || d.Name().toLowerCase().includes(wanted.toLowerCase()))
    : (devices.find((d) => d.IsDefault()) ?? devices[0]);
  if (!chosen) {
    if (!wanted) throw new Error('no microphone found: the call needs one');
    const names = devices.map((d) => `"${d.Name()}"`).join(', ') || 'none';
    throw new Error(`LAUNCHER_INPUT_DEVICE "${wanted}": no such microphone; there are: ${names}`);
  }
  await client.SetInputDevice(chosen.Id());
  return chosen;
}

export class PartyCall {
  readonly #call: Call;

  private constructor(
    private readonly client: Client,
    private readonly lobbyId: bigint,
    call: Call,
  ) {
    this.#call = call;
  }

  /** Joins the lobby's call in push-to-talk mode and waits until audio flows. */
  static async join(client: Client, lobbyId: bigint, pttReleaseDelayMs: number, signal: AbortSignal): Promise<PartyCall> {
    const call = client.StartCall(lobbyId);
    if (!call.valid) throw new Error('StartCall refused: the SDK logged why');
    // Nothing is sent until the key is pressed; the release delay keeps the last word.
    call.SetAudioMode(AudioModeType.MODE_PTT);
    call.SetPTTReleaseDelay(pttReleaseDelayMs);
    call.SetParticipantChangedCallback((userId, added) => {
      if (userId !== client.GetCurrentUserV2()?.Id()) console.log(`${nameOf(client, userId)} ${added ? 'joined' : 'left'} the call`);
    });
    call.SetSpeakingStatusChangedCallback((userId, speaking) => {
      console.log(`${nameOf(client, userId)} ${speaking ? 'is speaking' : 'stopped speaking'}`);
    });
    call.SetEncryptionStateChangedCallback((state) => {
      // Members compare the privacy code out of band to know nobody else holds the keys.
      if (state.privacyCode) console.log(`call is end-to-end encrypted; voice privacy code ${state.privacyCode}`);
      else if (!state.e2ee) console.log('call is not end-to-end encrypted');
    });
    await within('the call to connect', CONNECT_LIMIT_MS, signal, (done, fail) => {
      const check = (status: Call.Status, error: Call.Error, detail: number) => {
        if (status === Call.Status.Connected) done(true);
        else if (status === Call.Status.Disconnected) fail(new Error(`the call ended: ${Call.ErrorToString(error)} (${detail})`));
      };
      call.SetStatusChangedCallback(check);
      check(call.GetStatus(), Call.Error.None, 0);
    });
    call.SetStatusChangedCallback((status, error, detail) => {
      const why = error === Call.Error.None ? '' : `: ${Call.ErrorToString(error)} (${detail})`;
      console.log(`call: ${Call.StatusToString(status)}${why}`);
    });
    console.log('call: Connected');
    return new PartyCall(client, lobbyId, call);
  }

  /**
   * Push-to-talk: the key is down for `ms`. A launcher calls SetPTTActive(true) on the key's down
   * event and SetPTTActive(false) on its up event; a terminal has no key-up events, so this
   * example holds the key for a set time.
   */
  async talk(ms: number, signal: AbortSignal): Promise<void> {
    this.#call.SetPTTActive(true);
    console.log(`push-to-talk: talking for ${(ms / 1000).toFixed(1)} s`);
    try {
      await sleep(ms, signal);
    } finally {
      this.#call.SetPTTActive(false);
    }
    console.log('push-to-talk: released');
  }

  async leave(): Promise<void> {
    await this.client.EndCall(this.lobbyId);
    console.log('left the call');
  }
}
