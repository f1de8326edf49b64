// The dashboard on the web base: the page at `/`, its script, the state document, the event feed
// and the copy-a-secret endpoint (a POST, so the origin check applies; JSON only, so no simple
// cross-site form can send it, and no CORS header lets another origin read the answer). Actions
// go through the control API. The journal's dispatch lines come from the event bus here.
import type { Emulator } from '../emulator';
import { ApiError } from '../domain/errors';
import type { BusEvent } from '../events';
import type { Router } from '../http/router';
import { DASHBOARD_SCRIPT } from './app_script';
import type { DashboardFeed } from './feed';
import { dashboardPage } from './page';
import { dashboardSnapshot, type DashboardSources } from './snapshot';

/** A bus event as one line of the event log: its type and who receives it. */
function dispatchLine(emu: Emulator, event: BusEvent): string {
  const to: string[] = [];
  if (event.userIds.length > 0) to.push(`${event.userIds.length} user${event.userIds.length === 1 ? '' : 's'}`);
  if (event.guildId) to.push(`bots of ${emu.state.guilds.get(event.guildId)?.name ?? event.guildId}`);
  if (event.applicationId) to.push(`app ${emu.app(event.applicationId)?.name ?? event.applicationId}`);
  return `${event.type}${to.length > 0 ? ` → ${to.join(', ')}` : ''}`;
}

export function registerDashboard(web: Router, emu: Emulator, sources: DashboardSources, feed: DashboardFeed): () => void {
  const unsubscribe = emu.bus.subscribe((event) => emu.journal.record('dispatch', dispatchLine(emu, event)));

  web.get('/', () => dashboardPage());

  web.get('/_sdkpp/dashboard/app.js', (ctx) => {
    ctx.res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    ctx.res.end(DASHBOARD_SCRIPT);
  });

  web.get('/_sdkpp/dashboard/state', (ctx) => {
    ctx.headers['Cache-Control'] = 'no-store';
    return dashboardSnapshot(emu, sources);
  });

  web.get('/_sdkpp/dashboard/events', (ctx) => feed.open(ctx));

  web.post('/_sdkpp/dashboard/secret', async (ctx) => {
    const body = await ctx.jsonObject();
    const app = typeof body.applicationId === 'string' ? emu.app(body.applicationId) : undefined;
    if (!app) throw new ApiError(404, 10002, 'Unknown Application');
    if (body.field !== 'botToken' && body.field !== 'clientSecret') throw new ApiError(400, 50035, 'field: botToken or clientSecret');
    ctx.headers['Cache-Control'] = 'no-store';
    return { value: body.field === 'botToken' ? app.botToken : app.clientSecret };
  });

  return unsubscribe;
}
