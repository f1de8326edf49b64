// The soak test's emulator (scripts/test/soak.mjs), in its own process (started with
// --expose-gc, over fork's IPC channel) so that its resources are measured apart: the API,
// gateway, voice server and the local client's IPC on 127.0.0.1. It answers 'sample' with its
// resources and reports any uncaught exception or unhandled rejection.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const { startEmulator } = require(join(__dirname, '..', '..', '..', 'dist', 'emulator', 'index.js'));

const say = (event, data = {}) => process.send({ event, ...data });
process.on('uncaughtException', (error) => say('violation', { what: `emulator: uncaught exception: ${error && error.stack ? error.stack : error}` }));
process.on('unhandledRejection', (reason) => say('violation', { what: `emulator: unhandled rejection: ${reason && reason.stack ? reason.stack : reason}` }));

let emu = null;
process.on('message', async (message) => {
  if (message.action === 'start') {
    emu = await startEmulator({ port: 0, ipc: true, ipcPaths: [message.ipcPath], log: () => {} });
    emu.control.setRateLimits(false);
    const users = ['nelly', 'alice', 'bob', 'carol'].map((name) => emu.users.find((u) => u.username === name));
    const tokens = Object.fromEntries(users.map((u) => [u.username, { id: u.id, token: emu.control.issueToken(u.id).accessToken }]));
    say('started', { apiBase: emu.apiBase, webBase: emu.webBase, appId: emu.application.id, ipcPath: emu.ipcPath, users: tokens });
  } else if (message.action === 'sample') {
    global.gc();
    const memory = process.memoryUsage();
    say('sample', { rss: memory.rss, heap: memory.heapUsed, fds: readdirSync('/proc/self/fd').length, threads: readdirSync('/proc/self/task').length });
  } else if (message.action === 'end') {
    await emu.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
