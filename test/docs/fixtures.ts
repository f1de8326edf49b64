// The set-up a documentation example may name in its hidden `<!-- doctest: ... -->` comment
// (test/docs/code_blocks.ts). A fixture prepares the emulator and the environment the example
// runs in, or plays the other people of the example (a browser, a friend), and may put lines
// before the example (a fragment that continues an earlier one); it never edits the example.
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { packageRoot } from '../../lib/sdk/binding';
import type { RunningEmulator } from '../../lib/emulator/index';
import { AuthorizationTokenType, Client, LoggingSeverity } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';

export interface FixtureContext {
  emu: RunningEmulator;
  /** The user's project the examples run in (its node_modules has sdkpp). */
  project: string;
  /** The example's own folder (its files, a bin/ for programs it should find on the PATH). */
  dir: string;
  /** The environment the example runs with; fixtures add to it. */
  env: NodeJS.ProcessEnv;
  /** Runs after the example ended (stops what the fixture started). */
  cleanups: Array<() => void | Promise<void>>;
}

export interface Fixture {
  /** Lines put before the example (run and type-checked with it). */
  preamble?: string;
  /** Lines put after it (what the fragment leaves to the rest of the program, such as Dispose). */
  postamble?: string;
  setUp?(context: FixtureContext, argument: string | undefined): void | Promise<void>;
  /** Puts a module the example imports into the project: set up before type-checking too. */
  installsModule?: boolean;
}

const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;

/** A Client of the emulator's user `userId`, connected and Ready. */
async function readyClient(emu: RunningEmulator, userId: string): Promise<Client> {
  const client = new Client(emu.apiBase, emu.webBase, { ipcPaths: () => [], audio: { backend: 'virtual' } });
  client.SetApplicationId(BigInt(emu.application.id));
  client.AddLogCallback((line) => console.error(`[doctest friend] ${line}`), LoggingSeverity.Error);
  await client.UpdateToken(AuthorizationTokenType.Bearer, emu.control.issueToken(userId).accessToken);
  client.Connect();
  const deadline = Date.now() + 10_000;
  while (client.GetStatus() !== Client.Status.Ready) {
    if (Date.now() > deadline) throw new Error('the fixture client did not get Ready');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return client;
}


/**
 * A stand-in for the `electron` module, for the Electron guide's examples: Electron cannot be
 * installed here. It has what those examples use, typed as Electron types it: `app` (ready at
 * once; `quit()` emits before-quit, will-quit, quit), `BrowserWindow` (loads nothing),
 * `ipcMain.handle`, `ipcRenderer.invoke` / `on` (in the same process, arguments and answers
 * structured-cloned, a handler's error rethrown as Electron words it), `webContents.send`,
 * `contextBridge.exposeInMainWorld` (sets a global) and `shell.openExternal` (runs xdg-open).
 */
const ELECTRON_STAND_IN_JS = `'use strict';
const { EventEmitter } = require('node:events');
const { execFile } = require('node:child_process');
const handlers = new Map();
const rendererListeners = new Map();
const windows = [];
class WebContents {
  send(channel, ...args) {
    for (const listener of rendererListeners.get(channel) ?? []) listener({ sender: null }, ...structuredClone(args));
  }
}
class BrowserWindow extends EventEmitter {
  constructor(options = {}) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.destroyed = false;
    windows.push(this);
  }
  loadFile(file) {
    this.file = file;
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    this.destroyed = true;
  }
}
class App extends EventEmitter {
  whenReady() {
    return ready;
  }
  getAppPath() {
    return process.cwd();
  }
  quit() {
    for (const window of windows) window.close();
    this.emit('before-quit');
    this.emit('will-quit');
    this.emit('quit');
  }
}
const app = new App();
const ready = new Promise((resolve) => setImmediate(resolve));
const ipcMain = {
  handle(channel, listener) {
    if (handlers.has(channel)) throw new Error("Attempted to register a second handler for '" + channel + "'");
    handlers.set(channel, listener);
  },
  removeHandler(channel) {
    handlers.delete(channel);
  },
};
const ipcRenderer = {
  async invoke(channel, ...args) {
    const handler = handlers.get(channel);
    if (!handler) throw new Error("No handler registered for '" + channel + "'");
    try {
      return structuredClone(await handler({ sender: windows[0] ? windows[0].webContents : null }, ...structuredClone(args)));
    } catch (error) {
      throw new Error("Error invoking remote method '" + channel + "': " + error);
    }
  },
  on(channel, listener) {
    if (!rendererListeners.has(channel)) rendererListeners.set(channel, []);
    rendererListeners.get(channel).push(listener);
    return ipcRenderer;
  },
};
const contextBridge = {
  exposeInMainWorld(key, api) {
    globalThis[key] = api;
  },
};
const shell = {
  openExternal(url) {
    return new Promise((resolve, reject) => execFile('xdg-open', [url], (error) => (error ? reject(error) : resolve())));
  },
};
module.exports = { app, BrowserWindow, ipcMain, ipcRenderer, contextBridge, shell };
`;

/** The stand-in's types: the members the examples use, with Electron's own signatures. */
const ELECTRON_STAND_IN_DTS = `export interface WebContents {
  send(channel: string, ...args: any[]): void;
}
export interface IpcMainInvokeEvent {
  sender: WebContents;
}
export interface IpcRendererEvent {
  sender: unknown;
}
export interface WebPreferences {
  preload?: string;
  contextIsolation?: boolean;
  sandbox?: boolean;
  nodeIntegration?: boolean;
}
export interface BrowserWindowConstructorOptions {
  width?: number;
  height?: number;
  webPreferences?: WebPreferences;
}
export declare class BrowserWindow {
  constructor(options?: BrowserWindowConstructorOptions);
  webContents: WebContents;
  loadFile(filePath: string): Promise<void>;
  isDestroyed(): boolean;
  close(): void;
}
export interface App {
  whenReady(): Promise<void>;
  getAppPath(): string;
  quit(): void;
  on(event: 'before-quit' | 'will-quit' | 'quit' | 'window-all-closed', listener: () => void): this;
}
export declare const app: App;
export interface IpcMain {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: any[]) => Promise<any> | any): void;
  removeHandler(channel: string): void;
}
export declare const ipcMain: IpcMain;
export interface IpcRenderer {
  invoke(channel: string, ...args: any[]): Promise<any>;
  on(channel: string, listener: (event: IpcRendererEvent, ...args: any[]) => void): this;
}
export declare const ipcRenderer: IpcRenderer;
export interface ContextBridge {
  exposeInMainWorld(apiKey: string, api: any): void;
}
export declare const contextBridge: ContextBridge;
export interface Shell {
  openExternal(url: string): Promise<void>;
}
export declare const shell: Shell;
`;

export const FIXTURES: Record<string, Fixture> = {
  /**
   * `npm install <package>` in the user's project, for an example that uses another library
   * (a bot library): the copy this checkout's dev dependencies installed.
   */
  npm: {
    installsModule: true,
    setUp({ project }, name) {
      if (!name) throw new Error('the npm fixture needs a package name: npm:<name>');
      const target = join(project, 'node_modules', name);
      if (existsSync(target)) return;
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(join(packageRoot, 'node_modules', name), target, 'dir');
    },
  },

  /**
   * The system browser of a player who approves: `xdg-open` on the PATH is a program that loads
   * the consent page and follows its redirect back to the SDK, and the emulator approves as its
   * first user (nelly) at once — what `npx sdkpp-emulator --auto-approve` and a click do.
   */
  browser: {
    setUp({ emu, dir, env }) {
      emu.control.setAutoApprove(emu.users[0].id);
      const bin = join(dir, 'bin');
      mkdirSync(bin, { recursive: true });
      const browser = join(bin, 'doctest-browser.mjs');
      writeFileSync(
        browser,
        [
          "const consent = await fetch(process.argv[2], { redirect: 'manual' });",
          "const location = consent.headers.get('location');",
          "if (!location) { console.error(`doctest browser: no redirect (${consent.status})`); process.exit(4); }",
          'await fetch(location);',
        ].join('\n'),
      );
      const opener = join(bin, 'xdg-open');
      writeFileSync(opener, `#!/bin/sh\nexec "${process.execPath}" "${browser}" "$1"\n`);
      chmodSync(opener, 0o755);
      env.PATH = `${bin}${delimiter}${env.PATH ?? ''}`;
      env.BROWSER = 'doctest-browser';
    },
  },

  /**
   * For a fragment that continues the first program: `client` is connected (Ready) as the
   * emulator's first user, `lobbyId` is the lobby of the secret 'doctest-party' and `friendId`
   * the friend of the `friend` fixture; `Call` and `Client` are imported. The Client is disposed
   * after the fragment.
   */
  'in-lobby': {
    preamble: [
      "import { AuthorizationTokenType, Call, Client } from 'sdkpp';",
      'const client = new Client();',
      'client.SetApplicationId(BigInt(process.env.SDKPP_DOCTEST_APPLICATION_ID ?? 0));',
      "await client.UpdateToken(AuthorizationTokenType.Bearer, process.env.SDKPP_DOCTEST_TOKEN ?? '');",
      'await new Promise((resolve) => {',
      '  client.SetStatusChangedCallback((status) => status === Client.Status.Ready && resolve(undefined));',
      '  client.Connect();',
      '});',
      "const { lobbyId } = await client.CreateOrJoinLobby('doctest-party');",
      "const friendId = BigInt(process.env.SDKPP_DOCTEST_FRIEND_ID ?? 0);",
      '',
    ].join('\n'),
    postamble: '\nclient.Dispose();\n',
    setUp({ emu, env }) {
      env.SDKPP_DOCTEST_APPLICATION_ID = emu.application.id;
      env.SDKPP_DOCTEST_TOKEN = emu.control.issueToken(emu.users[0].id).accessToken;
      env.SDKPP_DOCTEST_FRIEND_ID = emu.users[1].id;
    },
  },

  /**
   * A friend (the emulator's user alice) who joins the example's lobby — the argument is its
   * secret — and talks in its call: a 440 Hz tone on her virtual microphone.
   */
  friend: {
    async setUp({ emu, cleanups }, secret) {
      if (!secret) throw new Error('the friend fixture needs the lobby secret: friend:<secret>');
      const friend = await readyClient(emu, emu.users[1].id);
      cleanups.push(() => friend.Dispose());
      const { lobbyId } = await friend.CreateOrJoinLobby(secret);
      nativeOf(friend)._VirtualAudio('sine', 440, -20);
      // She starts the call once someone else is in the lobby (the example's player).
      const timer = setInterval(() => {
        const members = friend.GetLobbyHandle(lobbyId)?.LobbyMemberIds() ?? [];
        if (members.length < 2 || friend.GetCall(lobbyId).valid) return;
        clearInterval(timer);
        friend.StartCall(lobbyId);
      }, 20);
      cleanups.push(() => clearInterval(timer));
    },
  },
  /**
   * The `electron` module as a stand-in (ELECTRON_STAND_IN_JS above) in the user's project, for
   * the Electron guide's main-process and preload examples.
   */
  electron: {
    installsModule: true,
    setUp({ project }) {
      const dir = join(project, 'node_modules', 'electron');
      if (existsSync(join(dir, 'package.json'))) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '0.0.0-doctest-stand-in', main: 'index.js', types: 'index.d.ts' }));
      writeFileSync(join(dir, 'index.js'), ELECTRON_STAND_IN_JS);
      writeFileSync(join(dir, 'index.d.ts'), ELECTRON_STAND_IN_DTS);
    },
  },

  /**
   * Plays the page of docs/guides/electron.md after its main-process example (which imports
   * `app`): once the app is ready, it calls the preload's channels in the order the page's
   * button does — sign in, presence, join a lobby, say something, start and end the lobby's
   * call — checks that a bad argument is refused and that the status and the message came back
   * as events, then quits the app (whose will-quit disposes the Client).
   */
  'electron-renderer': {
    postamble: [
      '',
      '// doctest: the page',
      "import { ipcRenderer as doctestRenderer } from 'electron';",
      'await app.whenReady();',
      'const doctestStatuses: string[] = [];',
      'const doctestLines: string[] = [];',
      "doctestRenderer.on('sdkpp:status', (_event, status: string) => doctestStatuses.push(status));",
      "doctestRenderer.on('sdkpp:message', (_event, message: { content: string }) => doctestLines.push(message.content));",
      "const doctestName: string = await doctestRenderer.invoke('sdkpp:signIn');",
      "await doctestRenderer.invoke('sdkpp:setPresence', 'In the launcher');",
      "const doctestLobby: string = await doctestRenderer.invoke('sdkpp:joinLobby', 'doctest-electron');",
      "await doctestRenderer.invoke('sdkpp:say', doctestLobby, `${doctestName} is here`);",
      "const doctestRefused = await doctestRenderer.invoke('sdkpp:say', 42, 'x').then(() => false, () => true);",
      "if (!doctestRefused) throw new Error('the main process took a lobby id that is not a string');",
      "if ((await doctestRenderer.invoke('sdkpp:toggleCall', doctestLobby)) !== true) throw new Error('no call started');",
      "if ((await doctestRenderer.invoke('sdkpp:toggleCall', doctestLobby)) !== false) throw new Error('the call did not end');",
      'for (let i = 0; i < 500 && !doctestLines.includes(`${doctestName} is here`); i++) await new Promise((resolve) => setTimeout(resolve, 10));',
      "if (!doctestLines.includes(`${doctestName} is here`)) throw new Error(`the page got no message event: ${JSON.stringify(doctestLines)}`);",
      "if (!doctestStatuses.includes('Ready')) throw new Error(`the page got no Ready status: ${JSON.stringify(doctestStatuses)}`);",
      'app.quit();',
      '',
    ].join('\n'),
  },
};

export function fixtureNamed(spec: string): { fixture: Fixture; argument: string | undefined } {
  const [name, argument] = spec.split(/:(.*)/s, 2);
  const fixture = FIXTURES[name];
  if (!fixture) throw new Error(`unknown doctest fixture '${name}' (known: ${Object.keys(FIXTURES).join(', ')})`);
  return { fixture, argument: argument || undefined };
}
