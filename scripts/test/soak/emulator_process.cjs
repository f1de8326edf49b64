// The soak test's emulator (scripts/test/soak.mjs), in its own process (started with
// --expose-gc, over fork's IPC channel) so that its resources are measured apart: the API,
// gateway, voice server and the local client's IPC on 127.0.0.1. It answers 'sample' with its
// resources and 'presenceTrail' with the last presences each user was given and where each came
// from (the gateway session, or the local client's connection, the game's pid and whom that
// connection acted for), and reports any uncaught exception or unhandled rejection.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const { startEmulator } = require(join(__dirname, '..', '..', '..', 'dist', 'emulator', 'index.js'));

const say = (event, data = {}) => process.send({ event, ...data });
process.on('uncaughtException', (error) => say('violation', { what: `emulator: uncaught exception: ${error && error.stack ? error.stack : error}` }));
process.on('unhandledRejection', (reason) => say('violation', { what: `emulator: unhandled rejection: ${reason && reason.stack ? reason.stack : reason}` }));

let emu = null;
const TRAIL_LENGTH = 12;
const trails = new Map(); // user id -> [{at, status, state, origin}], the newest last
process.on('message', async (message) => {
  if (message.action === 'start') {
    emu = await startEmulator({ port: 0, ipc: true, ipcPaths: [message.ipcPath], log: () => {} });
    emu.control.setRateLimits(false);
    emu.core.bus.subscribe((event) => {
      if (event.type !== 'PRESENCE_UPDATE') return;
      const userId = String(event.data.user.id);
      const presence = emu.core.state.presences.get(userId);
      const trail = trails.get(userId) ?? [];
      trails.set(userId, trail);
      trail.push({ at: Date.now(), status: presence?.status, state: presence?.activities[0]?.state ?? null, origin: presence?.origin });
      if (trail.length > TRAIL_LENGTH) trail.shift();
    });
    const users = ['nelly', 'alice', 'bob', 'carol'].map((name) => emu.users.find((u) => u.username === name));
    const tokens = Object.fromEntries(users.map((u) => [u.username, { id: u.id, token: emu.control.issueToken(u.id).accessToken }]));
    say('started', { apiBase: emu.apiBase, webBase: emu.webBase, appId: emu.application.id, ipcPath: emu.ipcPath, users: tokens });
  } else if (message.action === 'sample') {
    global.gc();
    const memory = process.memoryUsage();
    say('sample', { rss: memory.rss, heap: memory.heapUsed, fds: readdirSync('/proc/self/fd').length, threads: readdirSync('/proc/self/task').length });
  } else if (message.action === 'presenceTrail') {
    say('presenceTrail', { userId: message.userId, trail: trails.get(message.userId) ?? [] });
  } else if (message.action === 'end') {
    await emu.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
