// The TypeScript files `npm run mutate` hands to StrykerJS, by area, each with the test files
// that cover it. Running the whole suite against every mutant would take hours on the shared
// cores; a file's own tests are what must kill its mutants (a rule pinned only by a far-away
// end-to-end test is a rule a refactor breaks without anyone noticing).
//
// A file's tests are, unless EXTRA_TESTS lists more: every test file whose name contains the
// file's stem or its singular (lobbies.ts → lobbies.test.ts, lobby_member_cap.test.ts) in the
// area's test folders, and
// every test file that imports the module by path, and — once `npm run mutate -- --map` has
// measured which test files reach which functions (scripts/mutate/coverage_map.mjs) — the test
// files that reach the most of its functions, up to MAPPED_TESTS_PER_FILE. Files with no test
// found are reported as such and skipped.
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { listFiles } from './list_files.mjs';
import { readCoverageMap } from './coverage_map.mjs';

export const AREAS = {
  domain: 'lib/emulator/domain',
  sdk: 'lib/sdk',
  platform: 'lib/platform',
};

// Where a test named after a module of each area lives (a name matched elsewhere is a namesake:
// test/emulator/provisional_merge_sessions.test.ts is not about lib/platform/host/dave/sessions.ts).
const NAMED_TEST_DIRS = {
  domain: ['test/emulator/', 'test/limits/'],
  sdk: ['test/sdk/', 'test/e2e/', 'test/limits/'],
  platform: ['test/sdk/', 'test/e2e/'],
};

// Tests that reach a module through the emulator's routes rather than by name or import.
const EXTRA_TESTS = {
  'lib/emulator/domain/limits.ts': ['test/limits/emulator_boundaries.test.ts', 'test/emulator/errors_limits.test.ts'],
  // gateway_user.test.ts pins the lobby events (LOBBY_CREATE to the newcomer, LOBBY_MEMBER_ADD to
  // the others), authorization_scope.test.ts that another application cannot redeem an invite.
  'lib/emulator/domain/lobbies.ts': ['test/limits/emulator_boundaries.test.ts', 'test/emulator/gateway_user.test.ts', 'test/emulator/authorization_scope.test.ts'],
  'lib/emulator/domain/slowmode.ts': ['test/emulator/message_slowmode.test.ts'],
  'lib/emulator/domain/messages.ts': ['test/emulator/channel_messages.test.ts', 'test/emulator/dms.test.ts', 'test/emulator/history_page_cache.test.ts'],
  // paging.ts pages the entitlement and subscription lists (its only importers).
  'lib/emulator/domain/paging.ts': ['test/emulator/monetization.test.ts', 'test/emulator/migration_window.test.ts'],
  'lib/emulator/domain/relationships.ts': ['test/emulator/gateway.test.ts', 'test/emulator/dms.test.ts', 'test/emulator/errors_limits.test.ts'],
  'lib/emulator/domain/presence.ts': ['test/emulator/presence_connection.test.ts', 'test/emulator/presence_resume.test.ts'],
  'lib/emulator/domain/entitlement_migration.ts': ['test/emulator/migration_window.test.ts', 'test/emulator/monetization.test.ts'],
  'lib/emulator/domain/provisional.ts': ['test/emulator/provisional_merge_sessions.test.ts'],
  'lib/emulator/domain/voice_states.ts': ['test/emulator/voice_states.test.ts'],
  // id_tokens.test.ts watches the key's making; the id_token and key set are pinned through the routes.
  'lib/emulator/domain/id_tokens.ts': ['test/emulator/oauth2_oidc.test.ts'],
  // file_types.ts (File Upload components' and ATTACHMENT options' type restriction) came after the
  // coverage map was measured; these tests send both kinds of file through the routes.
  'lib/emulator/domain/file_types.ts': ['test/emulator/commands.test.ts', 'test/emulator/message_components.test.ts', 'test/emulator/interaction_flows.test.ts'],
  'lib/sdk/errors.ts': ['test/sdk/fetch_error_text.test.ts', 'test/sdk/bad_input.test.ts'],
  'lib/sdk/values.ts': ['test/sdk/bad_input.test.ts', 'test/limits/sdk_boundaries.test.ts'],
  'lib/sdk/values_types.ts': ['test/sdk/bad_input.test.ts', 'test/limits/sdk_boundaries.test.ts'],
  'lib/protocol/ipc_paths.ts': ['test/sdk/ipc_socket_owner.test.ts'],
  'lib/platform/host/ipc_owner.ts': ['test/sdk/ipc_socket_owner.test.ts', 'test/sdk/ipc_pipe_owner.test.ts'],
};


/** At most this many measured test files per module: each one costs the Stryker run's dry run. */
export const MAPPED_TESTS_PER_FILE = 8;

/**
 * From a module's entry of the coverage map ({ testFile: functions reached }), the test files to
 * add to `chosen`: those that still exist (`existing` has them), most functions first (then by
 * name), at most MAPPED_TESTS_PER_FILE of them.
 */
export function measuredTests(perTest, existing, chosen) {
  return Object.entries(perTest ?? {})
    .filter(([test]) => existing.has(test) && !chosen.has(test))
    .sort(([ta, a], [tb, b]) => b - a || ta.localeCompare(tb))
    .slice(0, MAPPED_TESTS_PER_FILE)
    .map(([test]) => test);
}

/** `lobbies` → `lobby`, `roles` → `role`; a stem that is not a plural is its own singular. */
export function singular(stem) {
  if (stem.endsWith('ies')) return `${stem.slice(0, -3)}y`;
  if (stem.endsWith('ss')) return stem;
  if (stem.endsWith('s')) return stem.slice(0, -1);
  return stem;
}

/** Whether a test file's name (`lobby_member_cap.test.ts`) names the module's stem. */
export function namesStem(testName, stem) {
  const words = `_${testName.replace(/\.test\.ts$/, '')}_`;
  return [stem, singular(stem)].some((s) => words.includes(`_${s}_`) || words.includes(`_${s}s_`) || (s.includes('_') && words.includes(s)));
}

/**
 * The targets of `areas` (keys of AREAS): { area, file, tests } with repository-relative paths,
 * files in name order. `index.ts` files, generated files and declarations are left out.
 */
export function tsTargets(root, areas = Object.keys(AREAS)) {
  const testFiles = listFiles(join(root, 'test'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => relative(root, f))
    .sort();
  const sources = new Map(testFiles.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  const measured = readCoverageMap(root)?.files ?? {};
  const targets = [];
  for (const area of areas) {
    const dir = AREAS[area];
    if (!dir) throw new Error(`mutate: unknown area ${area} (one of ${Object.keys(AREAS).join(', ')})`);
    const files = listFiles(join(root, dir))
      .map((f) => relative(root, f))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.generated.ts') && basename(f) !== 'index.ts')
      .sort();
    for (const file of files) {
      const stem = basename(file, '.ts');
      const modulePath = file.replace(/\.ts$/, '');
      const tests = new Set(EXTRA_TESTS[file] ?? []);
      for (const test of testFiles) {
        if (NAMED_TEST_DIRS[area].some((d) => test.startsWith(d)) && namesStem(basename(test), stem)) tests.add(test);
        // An import of the module by path: '../../lib/emulator/domain/lobbies' (with or without .js/.ts).
        const source = sources.get(test);
        if (new RegExp(`['"][./]*${modulePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\.[jt]s)?['"]`).test(source)) tests.add(test);
      }
      for (const test of measuredTests(measured[file], sources, tests)) tests.add(test);
      targets.push({ area, file, tests: [...tests].sort() });
    }
  }
  return targets;
}
