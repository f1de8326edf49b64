// sdkpp/activity against a stand-in window: the handshake goes to the parent's possible origins
// only, messages from another window or origin are ignored (a READY, an answer, an event), a
// parent's error reply rejects with its code, a bad origin fails ready(), commands time out, and
// subscriptions get the participants' updates. The browser test (test/browser/activity.test.ts)
// runs it for real.
import { describe, expect, it } from 'vitest';
import { ActivitySDK, ActivitySDKError, Opcodes, RPCErrorCodes, type ActivityMessageEvent, type ActivityWindow } from '../../lib/activity';

const APP = '1349146942634065960';
const PARENT = 'http://127.0.0.1:8790';

class StandIn implements ActivityWindow {
  readonly posted: Array<{ message: unknown; origin: string }> = [];
  readonly listeners = new Set<(event: ActivityMessageEvent) => void>();
  readonly parent = { postMessage: (message: unknown, origin: string) => void this.posted.push({ message, origin }) };
  constructor(readonly location = { search: `?instance_id=77&channel_id=12&guild_id=10&frame_id=f1`, hostname: `${APP}.activities.localhost`, port: '8790', protocol: 'http:' }) {}
  addEventListener(_type: 'message', listener: (event: ActivityMessageEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: ActivityMessageEvent) => void) {
    this.listeners.delete(listener);
  }
  /** A message arriving at the frame. */
  deliver(data: unknown, origin = PARENT, source: unknown = this.parent) {
    for (const listener of this.listeners) listener({ data, origin, source });
  }
  /** The last FRAME the SDK posted. */
  lastFrame(): { cmd: string; nonce: string; args: Record<string, unknown> } {
    const frames = this.posted.filter((p) => (p.message as unknown[])[0] === Opcodes.FRAME);
    return (frames.at(-1)!.message as [number, { cmd: string; nonce: string; args: Record<string, unknown> }])[1];
  }
}

async function readySdk(win = new StandIn(), options = {}) {
  const sdk = new ActivitySDK(APP, { window: win, ...options });
  const ready = sdk.ready();
  win.deliver([Opcodes.FRAME, { cmd: 'DISPATCH', evt: 'READY', data: { v: 1 } }]);
  await ready;
  return { sdk, win };
}

describe('sdkpp/activity', () => {
  it('reads the launch parameters and posts the handshake to the emulator origins on its port only', async () => {
    const win = new StandIn();
    const sdk = new ActivitySDK(APP, { window: win });
    expect([sdk.instanceId, sdk.channelId, sdk.guildId, sdk.frameId]).toEqual(['77', '12', '10', 'f1']);
    void sdk.ready();
    expect(win.posted.map((p) => p.origin)).toEqual(['http://127.0.0.1:8790', 'http://localhost:8790', 'http://[::1]:8790']);
    expect(win.posted[0].message).toEqual([Opcodes.HANDSHAKE, { v: 1, client_id: APP, frame_id: 'f1' }]);
    sdk.close();
  });

  it('ignores a READY from a foreign origin or another window; the parent\'s resolves ready()', async () => {
    const win = new StandIn();
    const sdk = new ActivitySDK(APP, { window: win });
    let resolved = false;
    const ready = sdk.ready().then(() => (resolved = true));
    win.deliver([Opcodes.FRAME, { cmd: 'DISPATCH', evt: 'READY', data: {} }], 'http://evil.example');
    win.deliver([Opcodes.FRAME, { cmd: 'DISPATCH', evt: 'READY', data: {} }], PARENT, { postMessage() {} });
    win.deliver('garbage');
    await Promise.resolve();
    expect(resolved).toBe(false);
    win.deliver([Opcodes.FRAME, { cmd: 'DISPATCH', evt: 'READY', data: {} }]);
    await ready;
    expect(resolved).toBe(true);
    sdk.close();
  });

  it('off a proxy host with no parentOrigins, ready() fails with INVALID_ORIGIN', async () => {
    const win = new StandIn({ search: '?frame_id=f1', hostname: 'example.com', port: '', protocol: 'https:' });
    const error = await new ActivitySDK(APP, { window: win }).ready().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActivitySDKError);
    expect((error as ActivitySDKError).code).toBe(RPCErrorCodes.INVALID_ORIGIN);
    expect(win.posted).toEqual([]);
  });

  it('a command resolves with the parent\'s answer; a foreign answer with the same nonce is ignored; an error reply rejects with its code', async () => {
    const { sdk, win } = await readySdk();
    const authorized = sdk.commands.authorize({ scope: ['identify'] });
    const frame = win.lastFrame();
    expect(frame).toMatchObject({ cmd: 'AUTHORIZE', args: { client_id: APP, response_type: 'code', scope: ['identify'] } });
    expect(win.posted.at(-1)!.origin).toBe(PARENT);
    win.deliver([Opcodes.FRAME, { cmd: 'AUTHORIZE', nonce: frame.nonce, data: { code: 'forged' } }], 'http://localhost:8790');
    win.deliver([Opcodes.FRAME, { cmd: 'AUTHORIZE', nonce: frame.nonce, data: { code: 'real' } }]);
    expect(await authorized).toEqual({ code: 'real' });

    const unknown = sdk.sendCommand('NOPE');
    win.deliver([Opcodes.FRAME, { cmd: 'NOPE', nonce: win.lastFrame().nonce, evt: 'ERROR', data: { code: 4002, message: 'Unknown command: NOPE' } }]);
    await expect(unknown).rejects.toMatchObject({ code: RPCErrorCodes.INVALID_COMMAND, message: 'Unknown command: NOPE' });
    sdk.close();
  });

  it('shareLink passes custom_id (and a referrer_id the parent drops); subscribe gets the participants\' updates', async () => {
    const { sdk, win } = await readySdk();
    const shared = sdk.commands.shareLink({ message: 'hi', custom_id: 'c7', referrer_id: 'r1' });
    win.deliver([Opcodes.FRAME, { cmd: 'SHARE_LINK', nonce: win.lastFrame().nonce, data: { success: true } }]);
    expect(await shared).toEqual({ success: true });

    const updates: unknown[] = [];
    const subscribed = sdk.subscribe('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', (data) => updates.push(data));
    expect(win.lastFrame()).toMatchObject({ cmd: 'SUBSCRIBE', args: { event: 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE' } });
    win.deliver([Opcodes.FRAME, { cmd: 'SUBSCRIBE', nonce: win.lastFrame().nonce, data: { evt: 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE' } }]);
    await subscribed;
    const update = { participants: [{ id: '1', username: 'nelly' }] };
    win.deliver([Opcodes.FRAME, { cmd: 'DISPATCH', evt: 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', data: update }], 'http://evil.example');
    win.deliver([Opcodes.FRAME, { cmd: 'DISPATCH', evt: 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', data: update }]);
    expect(updates).toEqual([update]);
    sdk.close();
  });

  it('a command the parent never answers times out; close() fails what is waiting; bad arguments are TypeErrors', async () => {
    const { sdk } = await readySdk(new StandIn(), { timeoutMs: 50 });
    await expect(sdk.commands.getInstanceConnectedParticipants()).rejects.toMatchObject({ code: RPCErrorCodes.TIMEOUT });
    const waiting = sdk.commands.authenticate({ access_token: 'x' });
    sdk.close();
    await expect(waiting).rejects.toMatchObject({ code: RPCErrorCodes.UNKNOWN_ERROR });
    await expect(new ActivitySDK(APP, { window: new StandIn() }).commands.shareLink({ message: 'x' })).rejects.toThrow('call ready() first');
    expect(() => new ActivitySDK('abc', { window: new StandIn() })).toThrow(TypeError);
    expect(() => new ActivitySDK(APP)).toThrow(/window/);
  });
});
