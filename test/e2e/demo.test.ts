// `npm start` is the README's first command: the launcher flow against the embedded emulator
// must run to the end, every step succeeding, and print no secret.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SEED } from '../../lib/emulator/index';
import { packageRoot } from '../../lib/sdk/binding';

// Under emulation (the linux-arm64 cross test) the demo waits longer, and so does this test.
const patience = Math.max(1, Number(process.env.SDKPP_DEMO_PATIENCE) || 1);

it('the demo launcher runs every step against the embedded emulator', { timeout: 60_000 * patience }, () => {
  const demo = spawnSync(process.execPath, [join(packageRoot, 'scripts', 'demo', 'launcher.mjs')], {
    cwd: packageRoot,
    encoding: 'utf8',
    timeout: 50_000 * patience,
  });
  expect(demo.status, demo.stdout + demo.stderr).toBe(0);
  expect(demo.stdout).toContain('All steps succeeded.');
  expect(demo.stdout).not.toContain('✘');
  for (const step of ['Authorize', 'GetToken', 'RefreshToken', 'Connect', 'UpdateRichPresence', 'CreateOrJoinLobby',
    'GetLobbyMessagesWithLimit (cache)', 'SendUserMessage', 'AcceptActivityInvite', 'GetTokenFromProvisionalMerge',
    'UnmergeIntoProvisionalAccount', 'RevokeToken']) {
    expect(demo.stdout).toContain(step);
  }
  expect(demo.stdout).toMatch(/GetLobbyMessagesWithLimit \(cache\).*; 0 requests/);
  for (const secret of [SEED.clientSecret, SEED.childClientSecret, SEED.botToken, 'demo-join-secret']) {
    expect(demo.stdout + demo.stderr).not.toContain(secret);
  }
});
