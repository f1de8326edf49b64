// The preload: the only bridge between the page and the main process. It runs sandboxed (it may
// load 'electron' and nothing of its own), and exposes through contextBridge a handful of
// functions — never ipcRenderer itself, which would let any script in the page send anything on
// any channel.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { EventChannel, InvokeChannel, LauncherApi, LauncherCommands, LauncherEvent } from '../shared/launcher_api';

const INVOKE: InvokeChannel = 'sdkpp-launcher:invoke';
const EVENTS: EventChannel = 'sdkpp-launcher:event';

function invoke<K extends keyof LauncherCommands>(command: K, ...args: Parameters<LauncherCommands[K]>): ReturnType<LauncherCommands[K]> {
  return ipcRenderer.invoke(INVOKE, command, ...args) as ReturnType<LauncherCommands[K]>;
}

const api: LauncherApi = {
  signIn: () => invoke('signIn'),
  joinParty: (secret) => invoke('joinParty', secret),
  sendChat: (text) => invoke('sendChat', text),
  setPresence: (state) => invoke('setPresence', state),
  inputDevices: () => invoke('inputDevices'),
  chooseInputDevice: (id) => invoke('chooseInputDevice', id),
  joinCall: () => invoke('joinCall'),
  pushToTalk: (pressed) => invoke('pushToTalk', pressed),
  leaveCall: () => invoke('leaveCall'),
  onEvent(listener) {
    // The page gets the event's data only, not Electron's event object (it reaches the sender).
    const forward = (_event: IpcRendererEvent, data: LauncherEvent) => listener(data);
    ipcRenderer.on(EVENTS, forward);
    return () => {
      ipcRenderer.removeListener(EVENTS, forward);
    };
  },
};

contextBridge.exposeInMainWorld('launcher', api);
