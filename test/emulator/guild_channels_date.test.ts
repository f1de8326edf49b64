// GET /guilds/{id}/channels for a bot (spec "Endpoints"): the channels it lacks VIEW_CHANNEL for
// are omitted from 16 November 2026 on (emulator clock), not before; there is no early opt-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, SEED, start, type Started } from './helpers';

const OMISSION = Date.UTC(2026, 10, 16);
const g = BigInt(SEED.guildId);
const CH = { staffOnly: (g + 18n).toString(), noBots: (g + 19n).toString() };

let s: Started;
let api: Api;
const ids = async (auth: string) => ((await api.get(`/guilds/${SEED.guildId}/channels`, auth)).body as Array<{ id: string }>).map((c) => c.id);

beforeAll(async () => {
  s = await start({ startTime: OMISSION - 60 * 60 * 1000 });
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('GET /guilds/{id}/channels and the 2026-11-16 omission', () => {
  it('before 16 November 2026 a bot still gets the channels it cannot view', async () => {
    expect(s.emu.control.now()).toBeLessThan(OMISSION);
    const list = await ids(api.bot);
    expect(list).toContain(CH.noBots);
    expect(list).toContain(CH.staffOnly);
    // A person never lists what they cannot view.
    expect(await ids(bearer(api.token(SEED.users.nelly)))).not.toContain(CH.staffOnly);
  });

  it('from 16 November 2026 on they are omitted', async () => {
    s.emu.control.advanceClock(60 * 60 * 1000);
    expect(s.emu.control.now()).toBeGreaterThanOrEqual(OMISSION);
    const list = await ids(api.bot);
    expect(list).not.toContain(CH.noBots);
    expect(list).not.toContain(CH.staffOnly);
  });
});
