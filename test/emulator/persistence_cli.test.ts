// Part 1, `--data FILE` and the CLI: state survives a restart, close() flushes every write (none is
// lost on a clean stop), the file is replaced atomically; `sdkpp-emulator --port 0` prints its
// addresses and the seeded credentials and stops cleanly (exit 0) on SIGINT and SIGTERM; its
// options as a user writes them (--port=0, --host, --voice-port, --public-url, --version, --help)
// and its one-line refusals. The option rules themselves are in cli_options.test.ts; the clock
// and idle timeouts across a restart are in persistence_restart.test.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, request, SEED, start, type Started } from './helpers';

const ROOT = resolve(__dirname, '..', '..');
let dir: string;

/** A TCP port free on 127.0.0.1 right now (the voice server's UDP takes the same number, or the start fails). */
async function freeTcpPort(): Promise<number> {
  const server = net.createServer();
  const port = await new Promise<number>((resolvePort) => server.listen(0, '127.0.0.1', () => resolvePort((server.address() as net.AddressInfo).port)));
  await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  return port;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sdkpp-emu-data-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('--data FILE', () => {
  it('keeps users, tokens, bans, identities, lobbies and messages across a restart', async () => {
    const dataFile = join(dir, 'state.json');
    const first = await start({ dataFile });
    const { api } = first;
    const userId = await api.createUser('persisted_user');
    const tokens = await api.login(userId);
    const guest = await api.post('/partner-sdk/token', { client_id: SEED.applicationId, external_auth_type: 'STEAM_SESSION_TICKET', external_auth_token: 'persisted-ticket' });
    const guestId = (await api.get('/users/@me', bearer(guest.body.access_token))).body.id;
    const lobby = (await api.put('/lobbies', { secret: 'persisted', lobby_metadata: { map: 'dust' }, idle_timeout_seconds: 604800 }, bearer(tokens.access_token))).body;
    const message = (await api.post(`/lobbies/${lobby.id}/messages`, { content: 'remember me' }, bearer(tokens.access_token))).body;
    const banned = await api.createUser('persisted_banned');
    first.emu.control.banUser(banned, 24 * 3600 * 1000);
    await first.emu.close();

    const second = await start({ dataFile });
    try {
      const again = second.api;
      expect((await again.get('/users/@me', bearer(tokens.access_token))).body.id).toBe(userId);
      expect((await again.refresh(tokens.refresh_token)).status).toBe(200);
      const sameGuest = await again.post('/partner-sdk/token', { client_id: SEED.applicationId, external_auth_type: 'STEAM_SESSION_TICKET', external_auth_token: 'persisted-ticket' });
      expect((await again.get('/users/@me', bearer(sameGuest.body.access_token))).body.id).toBe(guestId);
      expect((await again.get(`/lobbies/${lobby.id}`, again.bot)).body).toMatchObject({ id: lobby.id, metadata: { map: 'dust' }, members: [{ id: userId }] });
      const history = (await again.get(`/lobbies/${lobby.id}/messages`, again.bot)).body;
      expect(history.map((m: { id: string; content: string }) => [m.id, m.content])).toEqual([[message.id, 'remember me']]);
      // The ban holds: no authorization for the banned user.
      await expect(again.code(banned)).rejects.toThrow(/400/);
      // The seed is not applied again over the saved state.
      expect(second.emu.users.map((u) => u.username)).toContain('persisted_user');
    } finally {
      await second.emu.close();
    }
  });

  it('close() flushes a write made just before it (no write lost on a clean stop)', async () => {
    const dataFile = join(dir, 'flush.json');
    for (let round = 0; round < 3; round++) {
      const running = await start({ dataFile });
      running.emu.control.createUser({ username: `last_second_${round}` });
      await running.emu.close(); // at once: sooner than any delayed write
      const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
      const usernames = (saved.users as Array<[string, { username: string }]>).map(([, u]) => u.username);
      for (let earlier = 0; earlier <= round; earlier++) expect(usernames).toContain(`last_second_${earlier}`);
    }
  });

  it('writes atomically: a valid JSON file and no temporary files left behind', async () => {
    const sub = mkdtempSync(join(dir, 'atomic-'));
    const dataFile = join(sub, 'state.json');
    const running: Started = await start({ dataFile });
    for (let i = 0; i < 20; i++) running.emu.control.createUser({ username: `atomic_${i}` });
    await new Promise((r) => setTimeout(r, 120)); // the delayed write happens on its own too
    expect(() => JSON.parse(readFileSync(dataFile, 'utf8'))).not.toThrow();
    await running.emu.close();
    expect(readdirSync(sub)).toEqual(['state.json']);
  });

  it('starts from the seed when the file does not exist yet', async () => {
    const dataFile = join(dir, 'fresh', '..', 'fresh.json');
    expect(existsSync(dataFile)).toBe(false);
    const running = await start({ dataFile });
    expect(running.emu.application.id).toBe(SEED.applicationId);
    await running.emu.close();
    expect(existsSync(dataFile)).toBe(true);
  });
});

describe('the CLI', () => {
  let out: string;
  const children: ChildProcess[] = [];

  let cli: string;
  const env = () => ({ ...process.env, NODE_PATH: join(ROOT, 'node_modules') });

  beforeAll(() => {
    // Compile into a package of our own (dist/ may be in use by other test files), laid out as
    // the published one: dist/ next to package.json, where --version reads the version.
    out = mkdtempSync(join(tmpdir(), 'sdkpp-emu-cli-'));
    const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
    const built = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.json'), '--outDir', join(out, 'dist'), '--declaration', 'false', '--sourceMap', 'false'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`tsc failed: ${built.stdout}${built.stderr}`);
    copyFileSync(join(ROOT, 'package.json'), join(out, 'package.json'));
    cli = join(out, 'dist', 'emulator', 'cli.js');
  }, 60_000);
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(out, { recursive: true, force: true });
  });

  /** Runs the CLI; resolves once it printed its banner. */
  function run(args: string[]): Promise<{ child: ChildProcess; banner: string; exit: Promise<{ code: number | null; stdout: string; stderr: string }> }> {
    const child = spawn(process.execPath, [cli, ...args], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolveExit) => child.on('exit', (code) => resolveExit({ code, stdout, stderr })));
    return new Promise((resolveRun, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner: ${stdout}${stderr}`)), 15_000);
      child.stdout!.on('data', () => {
        if (stdout.includes('Point the SDK here')) {
          clearTimeout(timer);
          resolveRun({ child, banner: stdout, exit });
        }
      });
      void exit.then(({ code }) => {
        clearTimeout(timer);
        if (!stdout.includes('Point the SDK here')) reject(new Error(`exited ${code}: ${stdout}${stderr}`));
      });
    });
  }

  it('--port 0 prints the addresses and the seeded credentials; it serves; SIGINT stops it with exit code 0 and saves the state', async () => {
    const dataFile = join(dir, 'cli.json');
    const { child, banner, exit } = await run(['--port', '0', '--data', dataFile]);
    const apiBase = /API:\s+(http:\/\/127\.0\.0\.1:\d+\/api)/.exec(banner)![1];
    const webBase = /Web:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1];
    expect(banner).toContain(`Application ${SEED.applicationId}`);
    expect(banner).toContain(`client secret: ${SEED.clientSecret}`);
    expect(banner).toContain(`bot token:     ${SEED.botToken}`);
    expect(banner).toMatch(/public key:\s+[0-9a-f]{64}/);
    expect(banner).toContain(`Child application ${SEED.childApplicationId}`);
    expect(banner).toContain(`nelly (${SEED.users.nelly})`);
    // A bot developer's first request needs a guild and a channel: both are printed.
    expect(banner).toContain(`Guild: sdkpp Test Guild (${SEED.guildId}); text channels: `);
    expect(banner).toContain(`#general (${(BigInt(SEED.guildId) + 12n).toString()})`);
    expect(banner).toMatch(/Gateway:\s+ws:\/\/127\.0\.0\.1:\d+\/gateway/);
    expect(banner).toMatch(/Voice:\s+127\.0\.0\.1:\d+ /);
    expect(banner).toContain(`Control:  ${webBase}/_sdkpp/control/<method>`);
    expect(banner).toContain(`State file: ${dataFile}`);

    const me = await request(`${apiBase}/users/@me`, 'GET', { auth: `Bot ${SEED.botToken}` });
    expect(me.body.id).toBe(SEED.botUserId);
    const created = await request(`${webBase}/_sdkpp/control/createUser`, 'POST', { json: { username: 'made_via_cli' } });
    expect(created.status).toBe(200);

    child.kill('SIGINT');
    const result = await exit;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('SIGINT: stopping');
    const saved = readFileSync(dataFile, 'utf8');
    expect(saved).toContain('made_via_cli');
    await expect(fetch(`${apiBase}/users/@me`)).rejects.toThrow();
  }, 30_000);

  it('SIGTERM stops it cleanly too, and a restart serves the saved state', async () => {
    const dataFile = join(dir, 'cli-term.json');
    const firstRun = await run(['--port', '0', '--data', dataFile]);
    const webBase = /Web:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(firstRun.banner)![1];
    const created = (await request(`${webBase}/_sdkpp/control/createUser`, 'POST', { json: { username: 'survives_sigterm' } })).body;
    firstRun.child.kill('SIGTERM');
    expect((await firstRun.exit).code).toBe(0);

    const secondRun = await run(['--port', '0', '--data', dataFile]);
    expect(secondRun.banner).toContain(`survives_sigterm (${created.id})`);
    const apiBase = /API:\s+(http:\/\/127\.0\.0\.1:\d+\/api)/.exec(secondRun.banner)![1];
    expect((await request(`${apiBase}/users/${created.id}`, 'GET', { auth: `Bot ${SEED.botToken}` })).body.username).toBe('survives_sigterm');
    secondRun.child.kill('SIGINT');
    expect((await secondRun.exit).code).toBe(0);
  }, 30_000);

  /** Runs the CLI to its end (for the options that print and exit). */
  const runToEnd = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { env: env(), encoding: 'utf8', timeout: 10_000 });

  it('refuses unknown options and bad ports with exit code 2; --help exits 0', () => {
    for (const args of [['--nope'], ['--port', 'abc'], ['--port', '70000'], ['--port']]) {
      const result = runToEnd(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^sdkpp-emulator: /);
    }
    const help = runToEnd(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/usage: sdkpp-emulator/);
  });

  it('a mistake is one line naming the option and its rule (no stack); an unknown option lists the known ones', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--nope'], /^sdkpp-emulator: unknown option --nope; the options are --port, --host, --public-url, --voice-port, --data, --ipc, --webhook, --allow-remote-endpoints, --allow-remote-activity-targets, --auto-approve, --verbose, --version, --help \(see --help\)\n$/],
      [['--port', 'abc'], /^sdkpp-emulator: --port: an integer from 0 to 65535 \(0 = any free port\); got "abc"\n$/],
      [['--port=70000'], /^sdkpp-emulator: --port: an integer from 0 to 65535 \(0 = any free port\); got 70000\n$/],
      [['--voice-port', '-1'], /^sdkpp-emulator: Option '--voice-port' argument is ambiguous: write a value that starts with a dash as --voice-port=VALUE \(see --help\)\n$/],
      [['--voice-port=-1'], /^sdkpp-emulator: --voice-port: an integer from 0 to 65535 \(0 = any free port\); got "-1"\n$/],
      [['--host', 'example.com'], /^sdkpp-emulator: --host: an IP address \(such as 127\.0\.0\.1, 0\.0\.0\.0, ::1 or ::\) or localhost; got "example\.com"\n$/],
      [['--public-url', 'emulator:8790'], /^sdkpp-emulator: --public-url: an http:\/\/ or https:\/\/ URL/],
      [['--ipc=yes'], /^sdkpp-emulator: Option '--ipc' does not take an argument \(see --help\)\n$/],
      [['stray'], /^sdkpp-emulator: Unexpected argument 'stray'/],
    ];
    for (const [args, message] of cases) {
      const result = runToEnd(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stdout, args.join(' ')).toBe('');
    }
  });

  it('--version prints the package\'s version; --help the usage with every option and examples', () => {
    const version = runToEnd(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`);
    for (const args of [['--help'], ['-h']]) {
      const help = runToEnd(args);
      expect(help.status).toBe(0);
      for (const option of ['--port', '--host', '--public-url', '--voice-port', '--data', '--ipc', '--webhook', '--allow-remote-endpoints', '--allow-remote-activity-targets', '--auto-approve', '--verbose', '--version', '--help']) expect(help.stdout).toContain(option);
      expect(help.stdout).toMatch(/examples:\n {2}sdkpp-emulator /);
    }
  });

  it('--auto-approve USER: an authorization is approved at once as that user (by name or id); an unknown user is refused', async () => {
    const { child, banner, exit } = await run(['--port=0', '--auto-approve', 'alice']);
    expect(banner).toContain('Authorizations approve at once as alice (--auto-approve)');
    const webBase = /Web:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1];
    const application = /Application (\d+)/.exec(banner)![1];
    const authorize = new URL(`${webBase}/oauth2/authorize`);
    for (const [name, value] of Object.entries({ response_type: 'code', client_id: application, scope: 'openid sdk.social_layer', redirect_uri: 'http://127.0.0.1:1/callback', state: 's1', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })) {
      authorize.searchParams.set(name, value);
    }
    const answer = await fetch(authorize, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:1\/callback\?code=[^&]+&state=s1$/);
    child.kill('SIGINT');
    expect((await exit).code).toBe(0);
    const refused = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const bad = spawn(process.execPath, [cli, '--port=0', '--auto-approve', 'zed'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      bad.stderr!.on('data', (d) => (stderr += d));
      bad.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^sdkpp-emulator: --auto-approve: no user named or numbered "zed" \(users: nelly, alice, /);
  });

  it('--port=0 (the = form) serves as --port 0 does; --voice-port fixes the voice server\'s port', async () => {
    const voicePort = await freeTcpPort();
    const { child, banner, exit } = await run(['--port=0', `--voice-port=${voicePort}`]);
    expect(banner).toMatch(new RegExp(`Voice:\\s+127\\.0\\.0\\.1:${voicePort} `));
    expect(banner).not.toContain('Listening on'); // the bound address is the advertised one
    const apiBase = /API:\s+(http:\/\/127\.0\.0\.1:\d+\/api)/.exec(banner)![1];
    expect((await request(`${apiBase}/gateway`, 'GET')).body.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/gateway$/);
    child.kill('SIGINT');
    expect((await exit).code).toBe(0);
  }, 30_000);

  it('--host localhost is 127.0.0.1 with no warning; --public-url is what it prints and serves', async () => {
    const { child, banner, exit } = await run(['--port', '0', '--host', 'localhost', '--public-url', 'http://emulator.test:18790']);
    expect(banner).toMatch(/^sdkpp emulator listening\n {2}Listening on 127\.0\.0\.1:\d+ \(voice 127\.0\.0\.1:\d+\)\n/);
    expect(banner).toContain('API:      http://emulator.test:18790/api');
    expect(banner).toContain('Gateway:  ws://emulator.test:18790/gateway');
    expect(banner).toMatch(/Voice:\s+emulator\.test:\d+ /);
    const port = Number(/Listening on 127\.0\.0\.1:(\d+)/.exec(banner)![1]);
    const bot = await request(`http://127.0.0.1:${port}/api/gateway/bot`, 'GET', { auth: `Bot ${SEED.botToken}` });
    expect(bot.body.url).toBe('ws://emulator.test:18790/gateway');
    child.kill('SIGINT');
    const result = await exit;
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  }, 30_000);

  it.runIf(process.platform === 'linux')('--host 127.0.0.2 (another loopback address) binds and advertises it, with no warning', async () => {
    const { child, banner, exit } = await run(['--port', '0', '--host', '127.0.0.2']);
    const apiBase = /API:\s+(http:\/\/127\.0\.0\.2:\d+\/api)/.exec(banner)![1];
    expect(banner).toMatch(/Voice:\s+127\.0\.0\.2:\d+ /);
    expect((await request(`${apiBase}/users/@me`, 'GET', { auth: `Bot ${SEED.botToken}` })).body.id).toBe(SEED.botUserId);
    child.kill('SIGINT');
    const result = await exit;
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  }, 30_000);

  it('a corrupt data file is reported, not silently replaced', () => {
    const dataFile = join(dir, 'corrupt.json');
    writeFileSync(dataFile, '{ this is not json');
    const result = runToEnd(['--port', '0', '--data', dataFile]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^sdkpp-emulator: cannot load the emulator state from /);
    expect(result.stderr).toContain(dataFile);
    expect(readFileSync(dataFile, 'utf8')).toBe('{ this is not json');
  });

  it('--data in a folder that does not exist is one line and exit code 1 at start, not a crash at the first change', () => {
    const dataFile = join(dir, 'no-such-folder', 'state.json');
    const result = runToEnd(['--port', '0', '--data', dataFile]);
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('listening');
    expect(result.stderr.trim().split('\n')).toEqual([`sdkpp-emulator: cannot keep the emulator state in ${dataFile}: the folder ${join(dir, 'no-such-folder')} does not exist`]);
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
  });

  it('a port in use is reported with exit code 1', async () => {
    const busy = await start();
    try {
      const result = runToEnd(['--port', String(busy.emu.port)]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^sdkpp-emulator: .*EADDRINUSE/);
    } finally {
      await busy.emu.close();
    }
  });
});
