// Runs the app's compiled main process (dist/main/main.js) under plain Node with the stand-in for
// `electron` (stand-in/electron.cjs), then plays the page: through the API the preload exposed,
// it clicks what a player would — sign in, set presence, join a party, chat, pick a microphone,
// join the call, hold push-to-talk, leave — prints each answer and event, tries what a hostile
// page script would (a bad argument, a command not in the API, a request from an embedded frame),
// and closes the window, after which the app quits and Node ends by itself.
//
//   npm run build && node stand-in/run-main.cjs [main.js]
//
// main.js: the main process's module, dist/main/main.js (tsc's) unless given — dist/bundle/main.js
// after `npm run bundle`, say (the preload and the page are tsc's either way).
//
// Environment: LAUNCHER_PARTY_SECRET (default electron-launcher-party); the SDK's SDKPP_API_BASE
// and SDKPP_WEB_BASE (default: the local emulator).
'use strict';

const Module = require('node:module');
const { join } = require('node:path');

const standInPath = require.resolve('./electron.cjs');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? standInPath : resolveFilename.call(this, request, ...rest);
};
const { app, standIn } = require(standInPath);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, test, ms) {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function refused(what, promise) {
  try {
    await promise;
    console.log(`page: ${what}: NOT refused`);
  } catch (error) {
    console.log(`page: ${what}: refused (${error.message})`);
  }
}

async function playThePage() {
  await until('the preload to expose window.launcher', () => standIn.world.launcher !== undefined, 10_000);
  const launcher = standIn.world.launcher;
  const chat = [];
  const speaking = [];
  launcher.onEvent((event) => {
    if (event.kind === 'chat') chat.push(event);
    if (event.kind === 'speaking' && event.speaking) speaking.push(event.name);
    if (event.kind === 'friends') console.log(`event friends: ${event.friends.map((f) => `${f.name} (${f.status})`).join(', ')}`);
    else console.log(`event ${event.kind}: ${JSON.stringify({ ...event, kind: undefined })}`);
  });

  const { displayName } = await launcher.signIn();
  console.log(`page: signed in as ${displayName}`);
  await launcher.setPresence('In the launcher');
  const { members } = await launcher.joinParty(process.env.LAUNCHER_PARTY_SECRET || 'electron-launcher-party');
  console.log(`page: in the party (${members} members)`);
  await launcher.sendChat('hello from the Electron launcher');
  await until('our chat message to come back', () => chat.some((m) => m.content === 'hello from the Electron launcher'), 10_000);
  console.log('page: chat message shown');

  const devices = await launcher.inputDevices();
  const microphone = devices.find((d) => !d.isDefault) ?? devices[0];
  await launcher.chooseInputDevice(microphone.id);
  console.log(`page: microphone ${microphone.name} (of ${devices.length})`);
  await launcher.joinCall();
  console.log('page: call joined');
  // Whoever else is in the call talks: the page shows them speaking (not waited for long when
  // the party is only us).
  const spoke = await until('someone to speak in the call', () => speaking.length > 0, 5_000).then(() => true, () => false);
  console.log(spoke ? `page: heard ${speaking[0]} speaking` : 'page: nobody else spoke');
  await launcher.pushToTalk(true);
  await sleep(800);
  await launcher.pushToTalk(false);
  console.log('page: push-to-talk released');
  await launcher.leaveCall();
  console.log('page: call left');

  // What a script injected into the page could try.
  await refused('joinParty(42)', launcher.joinParty(42));
  await refused('sendChat of 2001 characters', launcher.sendChat('x'.repeat(2001)));
  await refused('a command not in the API', require(standInPath).ipcRenderer.invoke('sdkpp-launcher:invoke', 'dispose'));
  await refused('a request from an embedded frame', standIn.invokeFrom({ url: 'https://example.invalid/ad.html', parent: {} }, 'sdkpp-launcher:invoke', 'signIn'));
}

app.on('quit', () => console.log('app: quit'));
require(process.argv[2] ? require('node:path').resolve(process.argv[2]) : join(__dirname, '..', 'dist', 'main', 'main.js'));

playThePage()
  .catch((error) => {
    console.error(`page: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(() => {
    // The player closes the window: the app quits (window-all-closed), the Client is disposed.
    for (const window of [...standIn.windows]) window.close();
  });
