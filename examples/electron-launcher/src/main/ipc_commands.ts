// The main process's side of the preload's API: one ipcMain handler that takes a command's name
// and its arguments, checks both — the page is the least trusted part of the app: a script
// injected into it could send anything — and calls the launcher. Requests from any other page or
// frame than the app's own are refused.
import type { IpcMainInvokeEvent } from 'electron';
import type { LauncherCommands } from '../shared/launcher_api';

type Checker = (args: unknown[]) => unknown[];

const text = (name: string, max: number) => (value: unknown) => {
  if (typeof value !== 'string' || value.length < 1 || value.length > max) throw new TypeError(`${name} must be a string of 1 to ${max} characters`);
  return value;
};
const flag = (name: string) => (value: unknown) => {
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be true or false`);
  return value;
};
const none: Checker = (args) => {
  if (args.length > 0) throw new TypeError('this command takes no arguments');
  return [];
};
const one =
  (check: (value: unknown) => unknown): Checker =>
  (args) => {
    if (args.length !== 1) throw new TypeError('this command takes one argument');
    return [check(args[0])];
  };

/** Each command the renderer may send, with the check of its arguments (the limits of launcher_api.d.ts). */
const COMMANDS: { [K in keyof LauncherCommands]: Checker } = {
  signIn: none,
  joinParty: one(text('secret', 128)),
  sendChat: one(text('text', 2000)),
  setPresence: one(text('state', 128)),
  inputDevices: none,
  chooseInputDevice: one(text('id', 512)),
  joinCall: none,
  pushToTalk: one(flag('pressed')),
  leaveCall: none,
};

export function isCommand(name: unknown): name is keyof LauncherCommands {
  return typeof name === 'string' && Object.hasOwn(COMMANDS, name);
}

/**
 * The handler for ipcMain.handle: `isAppPage` tells whether the request came from the app's own
 * page (its top frame), not from another window or an embedded frame.
 */
export function commandHandler(launcher: LauncherCommands, isAppPage: (event: IpcMainInvokeEvent) => boolean) {
  return async (event: IpcMainInvokeEvent, command: unknown, ...args: unknown[]): Promise<unknown> => {
    if (!isAppPage(event)) throw new Error('refused: not the launcher page');
    if (!isCommand(command)) throw new Error(`unknown command ${JSON.stringify(String(command)).slice(0, 40)}`);
    const checked = COMMANDS[command](args);
    const method = launcher[command] as (...a: unknown[]) => Promise<unknown>;
    return method.apply(launcher, checked);
  };
}
