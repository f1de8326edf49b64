// Prints the commit the addon is built from (for Client.GetVersionHash), or "unknown".
// Runs during node-gyp configuration, also inside an installed tarball, where the enclosing
// git repository (if any) is the user's project and not ours: only our own checkout counts.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const packageRoot = path.join(__dirname, '..', '..');
function git(...args) {
  return execFileSync('git', args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
}

let hash = 'unknown';
try {
  const topLevel = fs.realpathSync(git('rev-parse', '--show-toplevel'));
  if (topLevel === fs.realpathSync(packageRoot)) {
    const head = git('rev-parse', '--short=12', 'HEAD');
    if (/^[0-9a-f]{7,40}$/.test(head)) hash = head;
  }
} catch {
  // not a git checkout
}
process.stdout.write(hash);
