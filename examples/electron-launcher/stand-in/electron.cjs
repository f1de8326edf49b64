// A stand-in for the `electron` module, to run this app's main process and preload under plain
// Node where Electron itself cannot run (no Electron binary, no display): the few parts the app
// uses — app, BrowserWindow, ipcMain, ipcRenderer, contextBridge, shell — in one process, with
// Electron's observable rules where the app depends on them:
// - ipcRenderer.invoke reaches the ipcMain.handle handler of its channel with an event whose
//   sender is the window's webContents and whose senderFrame is the loaded page (top frame);
//   arguments and results are copied with the structured clone algorithm, as IPC copies them
//   (a function or a class instance does not cross); a handler's error rejects the invoke with
//   Electron's message "Error invoking remote method '<channel>': <error>";
// - webContents.send reaches ipcRenderer.on listeners of the channel, (event, ...copied args),
//   later (not within the call) and not once the window is destroyed; a destroyed window's
//   webContents.send throws, as Electron's does;
// - BrowserWindow.loadFile runs the preload named in webPreferences (its exposeInMainWorld
//   calls fill `world`, what the page would see as window.<key>); the page itself is not run;
// - closing the last window emits app's 'window-all-closed'; app.quit() emits 'before-quit',
//   'will-quit' and 'quit', then the stand-in holds nothing that keeps Node running.
// It is not Electron: no renderer process, no sandbox, no DOM, no real IPC.
'use strict';

const { spawn } = require('node:child_process');
const { EventEmitter } = require('node:events');
const { existsSync } = require('node:fs');
const { pathToFileURL } = require('node:url');

const handlers = new Map();
const rendererSide = new EventEmitter();
/** What the page would see on `window`: the preload's exposeInMainWorld calls. */
const world = {};
const windows = new Set();
let loadedPage = null;

const app = new EventEmitter();
let ready = false;
app.whenReady = () =>
  new Promise((resolve) =>
    setImmediate(() => {
      if (!ready) {
        ready = true;
        app.emit('ready');
      }
      resolve();
    }),
  );
app.isReady = () => ready;
app.quit = () => {
  const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
  app.emit('before-quit', event);
  if (event.defaultPrevented) return;
  for (const window of [...windows]) window.destroy();
  app.emit('will-quit', event);
  if (event.defaultPrevented) return;
  app.emit('quit', event, 0);
};

class WebContents extends EventEmitter {
  constructor(window) {
    super();
    this.window = window;
  }
  send(channel, ...args) {
    if (this.window.isDestroyed()) throw new Error('Object has been destroyed');
    const copied = structuredClone(args);
    // Delivered later, as IPC is; a page closed in between gets nothing.
    setImmediate(() => this.window.isDestroyed() || rendererSide.emit(channel, { sender: ipcRenderer }, ...copied));
  }
}

class BrowserWindow extends EventEmitter {
  constructor(options = {}) {
    super();
    this.options = options;
    this.webContents = new WebContents(this);
    this.destroyed = false;
    windows.add(this);
  }
  async loadFile(file) {
    if (!existsSync(file)) throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${pathToFileURL(file).href}'`);
    const preload = this.options.webPreferences?.preload;
    if (preload) {
      if (!existsSync(preload)) throw new Error(`Unable to load preload script: ${preload}`);
      require(preload);
    }
    loadedPage = { window: this, url: pathToFileURL(file).href };
    this.webContents.emit('did-finish-load');
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    windows.delete(this);
    this.emit('closed');
  }
  close() {
    this.destroy();
    if (windows.size === 0) app.emit('window-all-closed');
  }
}

const ipcMain = {
  handle(channel, handler) {
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, handler);
  },
  removeHandler(channel) {
    handlers.delete(channel);
  },
};

/** `frame`: the sending frame; the loaded page's top frame unless a test says otherwise. */
async function invokeFrom(frame, channel, ...args) {
  const handler = handlers.get(channel);
  if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
  const event = { sender: loadedPage?.window.webContents, senderFrame: frame ?? { url: loadedPage?.url, parent: null } };
  try {
    return structuredClone(await handler(event, ...structuredClone(args)));
  } catch (error) {
    throw new Error(`Error invoking remote method '${channel}': ${error}`);
  }
}

const ipcRenderer = {
  invoke: (channel, ...args) => invokeFrom(undefined, channel, ...args),
  on(channel, listener) {
    rendererSide.on(channel, listener);
    return ipcRenderer;
  },
  removeListener(channel, listener) {
    rendererSide.removeListener(channel, listener);
    return ipcRenderer;
  },
};

// shell.openExternal: what Electron does on Linux, xdg-open (the test puts a browser stand-in of
// that name on the PATH); resolves once it started, rejects when it cannot.
const shell = {
  openExternal(url) {
    return new Promise((resolve, reject) => {
      const child = spawn('xdg-open', [url], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
  },
};

const contextBridge = {
  exposeInMainWorld(key, api) {
    if (key in world) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    world[key] = api;
  },
};

module.exports = { app, BrowserWindow, ipcMain, ipcRenderer, contextBridge, shell, standIn: { world, invokeFrom, windows } };
