// The soak test's account of a presence that a friend sees wrong (scripts/test/soak.mjs): what
// each player's updates were answered and when, the emulator's last presences of each user seen
// wrong with where each came from, and the faults. Pure: it formats what the processes reported.

const seconds = (ms, started) => `${((ms - started) / 1000).toFixed(1)} s`;

/** An origin as the emulator words it, with the soak player whose process has that pid named. */
export function nameOrigin(origin, playerByPid) {
  return (origin ?? '(unknown)').replace(/pid (\d+)/, (whole, pid) => `${whole} (${playerByPid.get(pid) ?? 'not a soak client'})`);
}

/**
 * The lines to print. `answers`: player -> [{at, state, ok}]; `trails`: [{player, userId,
 * trail: [{at, status, state, origin}]}]; `playerByPid`: process id (a string) -> player;
 * `faults`: [{kind, at}]; times are Date.now() values, shown from `started`.
 */
export function presenceReport({ started, answers, trails, playerByPid, faults }) {
  const lines = ['presence: how the wrong views came about'];
  for (const [player, list] of answers) {
    const shown = list.map((a) => `${a.state}${a.ok ? '' : ' (failed)'} at ${seconds(a.at, started)}`);
    lines.push(`  ${player} updated: ${shown.join(', ') || 'never'}`);
  }
  for (const { player, userId, trail } of trails) {
    lines.push(`  the emulator's last presences of ${player} (${userId}):`);
    for (const p of trail) {
      lines.push(`    ${seconds(p.at, started)}: ${p.status} ${JSON.stringify(p.state)} from ${nameOrigin(p.origin, playerByPid)}`);
    }
  }
  lines.push(`  faults: ${faults.map((f) => `${f.kind} at ${seconds(f.at, started)}`).join(', ') || 'none'}`);
  return lines;
}
