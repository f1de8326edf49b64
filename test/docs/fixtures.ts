// The set-up a documentation example may name in its hidden `<!-- doctest: ... -->` comment
// (test/docs/code_blocks.ts). A fixture prepares the emulator and the environment the example
// runs in, or plays the other people of the example (a browser, a friend), and may put lines
// before the example (a fragment that continues an earlier one); it never edits the example.
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { packageRoot } from '../../lib/sdk/binding';
import type { RunningEmulator } from '../../lib/emulator/index';
import { AuthorizationTokenType, Client, LoggingSeverity } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';

export interface FixtureContext {
  emu: RunningEmulator;
  /** The user's project the examples run in (its node_modules has sdkpp). */
  project: string;
  /** The example's own folder (its files, a bin/ for programs it should find on the PATH). */
  dir: string;
  /** The environment the example runs with; fixtures add to it. */
  env: NodeJS.ProcessEnv;
  /** Runs after the example ended (stops what the fixture started). */
  cleanups: Array<() => void | Promise<void>>;
}

export interface Fixture {
  /** Lines put before the example (run and type-checked with it). */
  preamble?: string;
  /** Lines put after it (what the fragment leaves to the rest of the program, such as Dispose). */
  postamble?: string;
  setUp?(context: FixtureContext, argument: string | undefined): void | Promise<void>;
}

const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;

/** A Client of the emulator's user `userId`, connected and Ready. */
async function readyClient(emu: RunningEmulator, userId: string): Promise<Client> {
  const client = new Client(emu.apiBase, emu.webBase, { ipcPaths: () => [], audio: { backend: 'virtual' } });
  client.SetApplicationId(BigInt(emu.application.id));
  client.AddLogCallback((line) => console.error(`[doctest friend] ${line}`), LoggingSeverity.Error);
  await client.UpdateToken(AuthorizationTokenType.Bearer, emu.control.issueToken(userId).accessToken);
  client.Connect();
  const deadline = Date.now() + 10_000;
  while (client.GetStatus() !== Client.Status.Ready) {
    if (Date.now() > deadline) throw new Error('the fixture client did not get Ready');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return client;
}

export const FIXTURES: Record<string, Fixture> = {
  /**
   * `npm install <package>` in the user's project, for an example that uses another library
   * (a bot library): the copy this checkout's dev dependencies installed.
   */
  npm: {
    setUp({ project }, name) {
      if (!name) throw new Error('the npm fixture needs a package name: npm:<name>');
      const target = join(project, 'node_modules', name);
      if (existsSync(target)) return;
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(join(packageRoot, 'node_modules', name), target, 'dir');
    },
  },

  /**
   * The system browser of a player who approves: `xdg-open` on the PATH is a program that loads
   * the consent page and follows its redirect back to the SDK, and the emulator approves as its
   * first user (nelly) at once — what `npx sdkpp-emulator --auto-approve` and a click do.
   */
  browser: {
    setUp({ emu, dir, env }) {
      emu.control.setAutoApprove(emu.users[0].id);
      const bin = join(dir, 'bin');
      mkdirSync(bin, { recursive: true });
      const browser = join(bin, 'doctest-browser.mjs');
      writeFileSync(
        browser,
        [
          "const consent = await fetch(process.argv[2], { redirect: 'manual' });",
          "const location = consent.headers.get('location');",
          "if (!location) { console.error(`doctest browser: no redirect (${consent.status})`); process.exit(4); }",
          'await fetch(location);',
        ].join('\n'),
      );
      const opener = join(bin, 'xdg-open');
      writeFileSync(opener, `#!/bin/sh\nexec "${process.execPath}" "${browser}" "$1"\n`);
      chmodSync(opener, 0o755);
      env.PATH = `${bin}${delimiter}${env.PATH ?? ''}`;
      env.BROWSER = 'doctest-browser';
    },
  },

  /**
   * For a fragment that continues the first program: `client` is connected (Ready) as the
   * emulator's first user, `lobbyId` is the lobby of the secret 'doctest-party' and `friendId`
   * the friend of the `friend` fixture; `Call` and `Client` are imported. The Client is disposed
   * after the fragment.
   */
  'in-lobby': {
    preamble: [
      "import { AuthorizationTokenType, Call, Client } from 'sdkpp';",
      'const client = new Client();',
      'client.SetApplicationId(BigInt(process.env.SDKPP_DOCTEST_APPLICATION_ID ?? 0));',
      "await client.UpdateToken(AuthorizationTokenType.Bearer, process.env.SDKPP_DOCTEST_TOKEN ?? '');",
      'await new Promise((resolve) => {',
      '  client.SetStatusChangedCallback((status) => status === Client.Status.Ready && resolve(undefined));',
      '  client.Connect();',
      '});',
      "const { lobbyId } = await client.CreateOrJoinLobby('doctest-party');",
      "const friendId = BigInt(process.env.SDKPP_DOCTEST_FRIEND_ID ?? 0);",
      '',
    ].join('\n'),
    postamble: '\nclient.Dispose();\n',
    setUp({ emu, env }) {
      env.SDKPP_DOCTEST_APPLICATION_ID = emu.application.id;
      env.SDKPP_DOCTEST_TOKEN = emu.control.issueToken(emu.users[0].id).accessToken;
      env.SDKPP_DOCTEST_FRIEND_ID = emu.users[1].id;
    },
  },

  /**
   * A friend (the emulator's user alice) who joins the example's lobby — the argument is its
   * secret — and talks in its call: a 440 Hz tone on her virtual microphone.
   */
  friend: {
    async setUp({ emu, cleanups }, secret) {
      if (!secret) throw new Error('the friend fixture needs the lobby secret: friend:<secret>');
      const friend = await readyClient(emu, emu.users[1].id);
      cleanups.push(() => friend.Dispose());
      const { lobbyId } = await friend.CreateOrJoinLobby(secret);
      nativeOf(friend)._VirtualAudio('sine', 440, -20);
      // She starts the call once someone else is in the lobby (the example's player).
      const timer = setInterval(() => {
        const members = friend.GetLobbyHandle(lobbyId)?.LobbyMemberIds() ?? [];
        if (members.length < 2 || friend.GetCall(lobbyId).valid) return;
        clearInterval(timer);
        friend.StartCall(lobbyId);
      }, 20);
      cleanups.push(() => clearInterval(timer));
    },
  },
};

export function fixtureNamed(spec: string): { fixture: Fixture; argument: string | undefined } {
  const [name, argument] = spec.split(/:(.*)/s, 2);
  const fixture = FIXTURES[name];
  if (!fixture) throw new Error(`unknown doctest fixture '${name}' (known: ${Object.keys(FIXTURES).join(', ')})`);
  return { fixture, argument: argument || undefined };
}
