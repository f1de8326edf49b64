// Webhook retries span the whole 10-minute window of emulator time (docs/protocols/http.md): an event is
// not lost while the receiver is down for less than that, even when the outage ends late in the
// window, and a receiver down for longer stops being tried once the window closes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Receiver, SEED, start, until, type Started } from './helpers';

const SKU_FOUNDER_PACK = (BigInt(SEED.guildId) + 101n).toString();
const SECOND = 1000;

let started: Started;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await new Receiver().listen();
  started = await start({ webhookUrl: receiver.url });
});

afterAll(async () => {
  await started.emu.close();
  await receiver.close();
});

afterEach(() => {
  receiver.mode = 'up';
});

/** Moves the emulator clock one second at a time, letting each due attempt finish first. */
async function advanceSeconds(seconds: number): Promise<void> {
  const webhooks = started.emu.core.webhooks;
  for (let i = 0; i < seconds; i++) {
    started.emu.control.advanceClock(SECOND);
    await until(() => [...webhooks.pending].every((d) => !d.inFlight), 5000, 'webhook attempt settled');
  }
}

describe('webhook retries cover the whole 10-minute window', () => {
  it('delivers an event whose receiver was down for 9 minutes 40 seconds of emulator time', async () => {
    receiver.mode = 'failing';
    const before = receiver.events('ENTITLEMENT_CREATE').length;
    const entitlement = started.emu.control.grantEntitlement(SEED.users.dave, SKU_FOUNDER_PACK);
    await advanceSeconds(580);
    expect(receiver.events('ENTITLEMENT_CREATE')).toHaveLength(before);
    receiver.mode = 'up';
    await advanceSeconds(25);
    const delivered = receiver.events('ENTITLEMENT_CREATE').slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].body.event.data.id).toBe(entitlement.id);
    expect(started.emu.core.webhooks.pending.size).toBe(0);
  });

  it('gives up once the window has closed, and tries no more', async () => {
    receiver.mode = 'failing';
    started.emu.control.grantEntitlement(SEED.users.erin, SKU_FOUNDER_PACK);
    await advanceSeconds(601);
    expect(started.emu.core.webhooks.pending.size).toBe(0);
    const history = started.emu.control.webhookDeliveries().history;
    expect(history[history.length - 1]).toMatchObject({ eventType: 'ENTITLEMENT_CREATE', delivered: false });
    const hits = receiver.hits;
    await advanceSeconds(120);
    expect(receiver.hits).toBe(hits);
  });
});
