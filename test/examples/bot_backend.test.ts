// examples/bot-backend: type-checked with the repository's TypeScript, compiled, and run with
// --once against the emulator's seeded application. This test plays the rest of the world: the
// developer portal (it sets the webhook events URL), a stranger who posts forged requests to the
// public endpoints (refused with 401, and nothing they asked for happens), a player who types
// /lfg in the seeded guild's #general (the emulator's invokeCommand), and a player who links
// their account in the browser (/login → consent, approved at once → /callback). The backend
// must answer, link, log the APPLICATION_AUTHORIZED event, and exit 0 by itself, printing no
// credential.
import { createPrivateKey, sign } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, SEED, type RunningEmulator } from '../../lib/emulator/index';
import { seedKeyPair } from '../../lib/emulator/seed';
import { buildOnce, exampleProject, runNode, tsc } from './example_project';

let project: string;
let emu: RunningEmulator;

beforeAll(async () => {
  project = exampleProject('bot-backend');
  emu = await startEmulator({ port: 0 });
}, 60_000);

afterAll(async () => {
  await emu?.close();
});

/** A body signed with a key that is not the application's: what a forger can make. */
function forged(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const otherKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 7)]), format: 'der', type: 'pkcs8' });
  return { 'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), otherKey).toString('hex'), 'x-signature-timestamp': timestamp, 'content-type': 'application/json' };
}

/** Signed with the application's key (what only the service can make) at `timestamp`. */
function signedByTheService(signedBody: string, timestamp = String(Math.floor(Date.now() / 1000))): Record<string, string> {
  const key = createPrivateKey({ key: Buffer.from(seedKeyPair().privateKeyPkcs8Base64, 'base64'), format: 'der', type: 'pkcs8' });
  return { 'x-signature-ed25519': sign(null, Buffer.from(timestamp + signedBody), key).toString('hex'), 'x-signature-timestamp': timestamp, 'content-type': 'application/json' };
}

describe('examples/bot-backend', () => {
  it('type-checks with the repository TypeScript (tsc --noEmit)', () => {
    const check = tsc(project, '--noEmit');
    expect(check.status, check.output).toBe(0);
  }, 60_000);

  it('answers /lfg, refuses forged requests, links an account server-side, logs the webhook, and ends with --once', async () => {
    const build = buildOnce(project);
    expect(build.status, build.output).toBe(0);
    const env = {
      ...process.env,
      SDKPP_API_BASE: emu.apiBase,
      SDKPP_WEB_BASE: emu.webBase,
      BOT_APPLICATION_ID: emu.application.id,
      BOT_TOKEN: emu.application.botToken,
      BOT_CLIENT_SECRET: emu.application.clientSecret,
      BOT_PUBLIC_KEY: emu.application.publicKey,
      BACKEND_PORT: '0',
    };
    const backend = runNode([join(project, 'dist', 'main.js'), '--once'], { cwd: project, env, limitMs: 45_000 });
    const base = (await backend.line(/^listening on /)).slice('listening on '.length);
    await backend.line(/^account linking: /);

    // The portal: the events URL (the emulator sends its signed PING, which must be acknowledged).
    emu.control.setWebhookUrl(`${base}/webhooks`);

    // A stranger: a command signed with another key.
    const fakeCommand = JSON.stringify({ type: 2, id: '1', token: 'x', data: { name: 'lfg', options: [{ name: 'mode', value: 'ranked' }] }, user: { id: '1', username: 'mallory' } });
    const forgedReply = await fetch(`${base}/interactions`, { method: 'POST', headers: forged(fakeCommand), body: fakeCommand });
    expect(forgedReply.status).toBe(401);
    // A real signature over another body (the body changed on the way).
    const tamperedReply = await fetch(`${base}/webhooks`, { method: 'POST', headers: signedByTheService('{"type":0}'), body: '{"type":1,"event":{"type":"APPLICATION_AUTHORIZED","timestamp":"x","data":{}}}' });
    expect(tamperedReply.status).toBe(401);
    // A request the service really signed, replayed 6 minutes later.
    const ping = '{"type":1}';
    const sixMinutesAgo = String(Math.floor(Date.now() / 1000) - 360);
    const replayed = await fetch(`${base}/interactions`, { method: 'POST', headers: signedByTheService(ping, sixMinutesAgo), body: ping });
    expect(replayed.status).toBe(401);
    const fresh = await fetch(`${base}/interactions`, { method: 'POST', headers: signedByTheService(ping), body: ping });
    expect(await fresh.json()).toEqual({ type: 1 });
    const unsigned = await fetch(`${base}/interactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":1}' });
    expect(unsigned.status).toBe(401);

    // A player links their account in the browser; the consent page approves at once as nelly.
    const nelly = emu.users[0];
    emu.control.setAutoApprove(nelly.id);
    const login = await fetch(`${base}/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const consent = await fetch(login.headers.get('location')!, { redirect: 'manual' });
    const callback = consent.headers.get('location');
    expect(callback, `consent page answered ${consent.status}`).toMatch(new RegExp(`^${base}/callback\\?`));
    const page = await fetch(callback!);
    expect(await page.text()).toContain('Linked as nelly.');
    expect(page.status).toBe(200);
    // The same callback again (a replayed code and state) links nothing.
    const replay = await fetch(callback!);
    expect(replay.status).toBe(400);

    // A player types /lfg mode:ranked in #general.
    const general = (BigInt(SEED.guildId) + 12n).toString();
    const interaction = await emu.control.invokeCommand({ userId: nelly.id, channelId: general, name: 'lfg', options: [{ name: 'mode', value: 'ranked' }] });
    const result = emu.control.interactionResult(interaction.id) as { responseType: number; original: { content: string } | null; deliveryError: unknown };
    expect(result.deliveryError ?? null).toBeNull();
    expect(result.responseType).toBe(4);
    expect(result.original?.content).toBe(`<@${nelly.id}> is looking for a group for a ranked match. Reply here to join!`);

    const run = await backend.ended;
    const out = run.stdout;
    expect(run.code, `${out}\n${run.stderr}`).toBe(0);
    expect(out).toMatch(/^registered commands: \/lfg$/m);
    expect(out).toMatch(/^refused POST \/interactions: bad or missing signature$/m);
    expect(out).toMatch(/^refused POST \/webhooks: bad or missing signature$/m);
    expect(out).toMatch(new RegExp(`^answered /lfg for user ${nelly.id}$`, 'm'));
    expect(out).toMatch(new RegExp(`^linked the account of nelly \\(${nelly.id}\\), scope "identify"$`, 'm'));
    expect(out).toMatch(/^webhook event APPLICATION_AUTHORIZED for nelly$/m);
    expect(out).toMatch(/^stopped$/m);
    // Nothing a stranger sent was taken for a command.
    expect(out).not.toContain('mallory');
    for (const secret of [emu.application.botToken, emu.application.clientSecret, new URL(callback!).searchParams.get('code')!]) {
      expect(out + run.stderr).not.toContain(secret);
    }
  }, 60_000);

  it('a missing or malformed credential stops it at start with the variable and the rule, never the value', async () => {
    const build = buildOnce(project);
    expect(build.status, build.output).toBe(0);
    const base = { ...process.env, SDKPP_API_BASE: emu.apiBase, BOT_APPLICATION_ID: emu.application.id, BOT_CLIENT_SECRET: emu.application.clientSecret, BOT_PUBLIC_KEY: emu.application.publicKey };
    const missing = await runNode([join(project, 'dist', 'main.js')], { cwd: project, env: base, limitMs: 15_000 }).ended;
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('BOT_TOKEN is not set: it must be the bot token from the portal');
    const malformedToken = 'has spaces so it is not a token';
    const malformed = await runNode([join(project, 'dist', 'main.js')], { cwd: project, env: { ...base, BOT_TOKEN: malformedToken }, limitMs: 15_000 }).ended;
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('BOT_TOKEN must be the bot token from the portal');
    expect(malformed.stdout + malformed.stderr).not.toContain(malformedToken);
    expect(missing.stdout + missing.stderr + malformed.stdout + malformed.stderr).not.toContain(emu.application.clientSecret);
  }, 60_000);
});
