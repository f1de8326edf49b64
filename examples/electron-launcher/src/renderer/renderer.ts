// The launcher's page: presence, friends, the party's chat and the call's controls. It knows
// nothing of sdkpp: it asks window.launcher (the preload's API) and shows its events. Text from
// other people goes in with textContent, never as HTML.
// A classic script (no import or export: the compiled file is what index.html loads as it is);
// the API's types come through global.d.ts.

type LauncherEvent = Parameters<Parameters<Window['launcher']['onEvent']>[0]>[0];

const launcher = window.launcher;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function show(error: unknown): void {
  byId('status').textContent = `Error: ${(error as Error).message}`;
}

function item(text: string, className?: string): HTMLLIElement {
  const li = document.createElement('li');
  li.textContent = text;
  if (className) li.className = className;
  return li;
}

launcher.onEvent((event: LauncherEvent) => {
  switch (event.kind) {
    case 'status':
      byId('status').textContent = event.status;
      break;
    case 'friends':
      byId('friends').replaceChildren(...event.friends.map((f) => item(`${f.name} (${f.status.toLowerCase()}${f.playing ? `, ${f.playing}` : ''})`)));
      break;
    case 'presence':
      byId('presence').textContent = event.state;
      break;
    case 'chat': {
      const log = byId<HTMLUListElement>('chat-log');
      log.append(item(`${event.author}: ${event.content}`));
      log.scrollTop = log.scrollHeight;
      break;
    }
    case 'members':
      byId('members').textContent = event.members.join(', ');
      break;
    case 'call':
      byId('call-status').textContent = event.status;
      break;
    case 'speaking':
      byId('call-status').textContent = `${event.name} ${event.speaking ? 'is speaking' : 'stopped speaking'}`;
      break;
  }
});

byId('sign-in').addEventListener('click', () => {
  launcher
    .signIn()
    .then(async ({ displayName }) => {
      byId('sign-in').hidden = true;
      byId('status').textContent = `Signed in as ${displayName}`;
      const microphones = await launcher.inputDevices();
      byId('microphone').replaceChildren(
        ...microphones.map((d) => {
          const option = document.createElement('option');
          option.value = d.id;
          option.textContent = d.name;
          option.selected = d.isDefault;
          return option;
        }),
      );
    })
    .catch(show);
});

function onSubmit(formId: string, inputId: string, action: (value: string) => Promise<unknown>): void {
  byId<HTMLFormElement>(formId).addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>(inputId);
    if (input.value.trim() === '') return;
    action(input.value).then(() => (input.value = ''), show);
  });
}
onSubmit('presence-form', 'presence-input', (state) => launcher.setPresence(state));
onSubmit('party-form', 'party-secret', (secret) => launcher.joinParty(secret));
onSubmit('chat-form', 'chat-input', (text) => launcher.sendChat(text));

byId<HTMLSelectElement>('microphone').addEventListener('change', (event) => {
  launcher.chooseInputDevice((event.target as HTMLSelectElement).value).catch(show);
});

const talk = byId<HTMLButtonElement>('talk');
byId('join-call').addEventListener('click', () => {
  launcher
    .joinCall()
    .then(() => {
      talk.disabled = false;
      byId<HTMLButtonElement>('leave-call').disabled = false;
    })
    .catch(show);
});
// Push-to-talk: talking while the button is held (a game binds a key's down and up the same way).
talk.addEventListener('pointerdown', () => launcher.pushToTalk(true).catch(show));
for (const release of ['pointerup', 'pointerleave'] as const) talk.addEventListener(release, () => launcher.pushToTalk(false).catch(show));
byId('leave-call').addEventListener('click', () => {
  launcher
    .leaveCall()
    .then(() => {
      talk.disabled = true;
      byId<HTMLButtonElement>('leave-call').disabled = true;
    })
    .catch(show);
});
