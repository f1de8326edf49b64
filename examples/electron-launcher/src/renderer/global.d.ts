// What the preload put on the page (contextBridge.exposeInMainWorld('launcher', …)).
import type { LauncherApi } from '../shared/launcher_api';

declare global {
  interface Window {
    readonly launcher: LauncherApi;
  }
}
