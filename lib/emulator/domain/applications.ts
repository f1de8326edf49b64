// Applications' settings the control API changes: the events URL for webhooks (a PING when one
// is set) and the approval for identify.premium. Without an id they apply to every top-level
// application (not the child applications).
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import type { Application } from '../model/types';

function targets(emu: Emulator, applicationId?: string): Application[] {
  return [...emu.state.applications.values()].filter((app) => (applicationId ? app.id === applicationId : !app.parentId));
}

/** The first top-level application (the seed's game). */
export function mainApplication(emu: Emulator): Application {
  return [...emu.state.applications.values()].find((a) => !a.parentId)!;
}

export function setWebhookUrl(emu: Emulator, url: string | null, applicationId?: string): void {
  if (url !== null && !/^https?:\/\//.test(url)) throw new ApiError(400, 50035, 'url: an http(s) URL');
  for (const app of targets(emu, applicationId)) {
    app.eventsUrl = url;
    if (url) emu.webhooks.send(app, null); // PING
  }
  emu.changed();
}

export function setPremiumApproval(emu: Emulator, approved: boolean, applicationId?: string): void {
  for (const app of targets(emu, applicationId)) app.premiumApproved = approved;
  emu.changed();
}

/** The application named in a bot route's path must be the bot's own: another's is not its to see. */
export function ownApplication(app: Application, applicationId: string): void {
  if (applicationId !== app.id) throw new ApiError(403, 50001, 'Missing Access');
}
