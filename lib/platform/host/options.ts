// The app's Node-only options of a Client. They are functions of the app, which may well close
// over the Client itself, so the host keeps them only as long as the Client's native half
// (HostEvents, in events.ts, holds them in an ephemeron keyed by it): a live socket or timer of the host
// must never be what keeps a dropped Client alive (README, "Lifetime").

/** Which audio devices a Client uses (docs/voice-calls.md "Devices"). */
export interface NodeAudioOptions {
  /**
   * 'system': the machine's sound server (PulseAudio, or PipeWire through pipewire-pulse, on
   * Linux), else the virtual devices with a Warning; 'virtual': always the virtual devices.
   * Default: the environment variable SDKPP_AUDIO_BACKEND, else 'system'.
   */
  backend?: 'system' | 'virtual';
}

/** Node-only options of a Client (tests and embedders inject these). */
export interface NodePlatformOptions {
  /** Opens the authorize page; default: the system browser. Return false if it could not. */
  openUrl?: (url: string) => boolean | void;
  /**
   * The wall clock in ms since the epoch; default Date.now. Read as each network or timer event
   * is handed to the SDK (the event's time) and whenever the SDK needs the time after running JS.
   */
  now?: () => number;
  /** Candidate IPC socket paths of the local client, in order; default per docs/protocols/ipc.md. */
  ipcPaths?: () => string[];
  /** The audio device backend (a plain object, not a function). */
  audio?: NodeAudioOptions;
}
