// The Electron main process: it owns the sdkpp Client (in LauncherService), opens the window with
// a sandboxed page and the preload, answers the page's commands on one IPC channel, and disposes
// the Client when the app quits — Dispose closes every socket and settles every pending promise,
// so quitting never waits on the network.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import type { EventChannel, InvokeChannel, LauncherEvent } from '../shared/launcher_api';
import { commandHandler } from './ipc_commands';
import { LauncherService } from './launcher_service';

const INVOKE: InvokeChannel = 'sdkpp-launcher:invoke';
const EVENTS: EventChannel = 'sdkpp-launcher:event';
/** The emulator's seeded application; on the real service, your application's id from the portal. */
const APPLICATION_ID = applicationId(process.env.LAUNCHER_APPLICATION_ID);
const PAGE = join(__dirname, '..', '..', 'src', 'renderer', 'index.html');

function applicationId(value: string | undefined): bigint {
  if (!value) return 1349146942634065960n;
  if (!/^[1-9][0-9]{0,19}$/.test(value)) throw new Error(`LAUNCHER_APPLICATION_ID must be your application's id (a number of up to 20 digits); got "${value}"`);
  return BigInt(value);
}

let window: BrowserWindow | undefined;
const openInBrowser = (url: string) => {
  shell.openExternal(url).catch((error: Error) => console.error(`launcher: could not open the browser: ${error.message}`));
};
const launcher = new LauncherService(APPLICATION_ID, openInBrowser, (event: LauncherEvent) => {
  // The page may be gone (closed, reloading): an event for nobody is dropped.
  if (window && !window.isDestroyed()) window.webContents.send(EVENTS, event);
});

function isAppPage(event: IpcMainInvokeEvent): boolean {
  return window !== undefined && event.sender === window.webContents && event.senderFrame?.url === pathToFileURL(PAGE).href && event.senderFrame.parent === null;
}

ipcMain.handle(INVOKE, commandHandler(launcher, isAppPage));

app.whenReady().then(() => {
  window = new BrowserWindow({
    width: 960,
    height: 640,
    title: 'sdkpp Launcher',
    webPreferences: {
      preload: join(__dirname, '..', 'preload', 'preload.js'),
      // The page gets no Node and no Electron: only what the preload exposes.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.on('closed', () => (window = undefined));
  return window.loadFile(PAGE);
}).catch((error: Error) => {
  console.error(`launcher: ${error.message}`);
  app.quit();
});

app.on('window-all-closed', () => app.quit());
app.on('will-quit', () => {
  launcher.dispose();
  console.log('launcher: Client disposed');
});
