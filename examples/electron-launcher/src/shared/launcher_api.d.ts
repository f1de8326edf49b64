// The narrow API the preload exposes to the renderer as `window.launcher` — all the renderer can
// ask of the main process, which owns the sdkpp Client. Types only (no code): the main process,
// the preload and the renderer all compile against it, and none needs to load it at run time (a
// sandboxed preload can load no file of its own).

/** The one channel of requests (ipcRenderer.invoke → ipcMain.handle): the command's name, then its arguments. */
export type InvokeChannel = 'sdkpp-launcher:invoke';
/** The one channel of events (webContents.send → ipcRenderer.on). */
export type EventChannel = 'sdkpp-launcher:event';

export interface InputDevice {
  id: string;
  name: string;
  isDefault: boolean;
}

/** What the renderer may ask. Every argument is checked again in the main process. */
export interface LauncherCommands {
  /** Links the player's account (the system browser shows the consent page) and connects. */
  signIn(): Promise<{ displayName: string }>;
  /** Joins (or creates) the party of this secret: 1–128 characters. */
  joinParty(secret: string): Promise<{ members: number }>;
  /** Posts to the party's chat: 1–2000 characters. */
  sendChat(text: string): Promise<void>;
  /** The rich presence's state line: 1–128 characters. */
  setPresence(state: string): Promise<void>;
  inputDevices(): Promise<InputDevice[]>;
  chooseInputDevice(id: string): Promise<void>;
  /** Joins the party's voice call in push-to-talk mode; resolves once it is connected. */
  joinCall(): Promise<void>;
  pushToTalk(pressed: boolean): Promise<void>;
  leaveCall(): Promise<void>;
}

export type LauncherEvent =
  | { kind: 'status'; status: string }
  | { kind: 'friends'; friends: Array<{ name: string; status: string; playing: string | null }> }
  | { kind: 'presence'; state: string }
  | { kind: 'chat'; author: string; content: string }
  | { kind: 'members'; members: string[] }
  | { kind: 'call'; status: string }
  | { kind: 'speaking'; name: string; speaking: boolean };

export interface LauncherApi extends LauncherCommands {
  /** Calls `listener` with every event from the main process; answers the function that stops it. */
  onEvent(listener: (event: LauncherEvent) => void): () => void;
}
