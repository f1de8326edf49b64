// The dashboard page's script (GET /_sdkpp/dashboard/app.js), a plain browser module served as
// it is: no build step, no framework. It reads the state document every second and whenever the
// event feed says something happened, renders it with DOM calls only (text is never parsed as
// HTML, so a name or a message cannot inject markup), and acts through the control API (JSON
// POSTs to its own origin, which the emulator requires). It is kept free of template literals so
// it can live in this TypeScript string.
export const DASHBOARD_SCRIPT = String.raw`
const STATE_URL = '/_sdkpp/dashboard/state';
const FEED_URL = '/_sdkpp/dashboard/events';
const LOG_SHOWN = 500;
const CHANNEL_TYPES = { 0: 'text', 2: 'voice', 4: 'category', 5: 'announcement', 13: 'stage', 15: 'forum', 16: 'media' };
let state = null;
const log = [];

function el(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children || []) if (child) node.append(child);
  return node;
}
const byId = (id) => document.getElementById(id);
const fill = (id, ...nodes) => byId(id).replaceChildren(...nodes);
const row = (...cells) => el('tr', {}, cells.map((c) => (c instanceof Node ? el('td', {}, [c]) : el('td', { text: c == null ? '' : String(c) }))));
const table = (head, rows) => el('table', {}, [el('tr', {}, head.map((h) => el('th', { text: h }))), ...rows]);
const time = (ms) => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');

async function control(name, args) {
  const response = await fetch('/_sdkpp/control/' + name, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args || {}) });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    status('control ' + name + ': ' + (body.message || response.status), true);
    return null;
  }
  status('done: ' + name, false);
  refresh();
  return body;
}

function status(text, bad) {
  const node = byId('connection');
  node.textContent = text;
  node.className = bad ? 'bad' : 'muted';
}

function peopleSelect(id) {
  const select = el('select', { id: id, 'aria-label': 'person' });
  for (const user of state.users.filter((u) => !u.bot && !u.provisional)) select.append(el('option', { value: user.id, text: user.name + ' (@' + user.username + ')' }));
  return select;
}

async function copySecret(applicationId, field) {
  const response = await fetch('/_sdkpp/dashboard/secret', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationId: applicationId, field: field }) });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || typeof body.value !== 'string') return status('copy failed', true);
  try {
    await navigator.clipboard.writeText(body.value);
    status(field + ' copied', false);
  } catch {
    status('the browser refused the clipboard', true);
  }
}

function renderConsents() {
  if (state.pendingAuthorizations.length === 0) return fill('consents', el('p', { class: 'muted', text: 'None waiting.' }));
  fill('consents', table(['application', 'scopes', ''], state.pendingAuthorizations.map((p) => {
    const who = peopleSelect('approve-as-' + p.id);
    const approve = el('button', { text: 'Approve', onclick: () => control('approveAuthorization', { id: p.id, userId: who.value }) });
    const deny = el('button', { text: 'Deny', onclick: () => control('denyAuthorization', { id: p.id }) });
    return row(p.application, p.scopes.join(' '), el('span', {}, [who, approve, deny]));
  })));
}

function renderCalls() {
  const actions = el('p', {}, [
    el('button', { text: 'Drop voice connections', onclick: () => control('voice.dropVoiceConnections', {}) }),
    el('button', { text: 'Block UDP 5 s', onclick: () => control('voice.blockVoiceUdp', { ms: 5000 }) }),
    el('button', { text: 'Crash the voice server', onclick: () => control('voice.crashVoiceServer', {}) }),
  ]);
  if (state.calls.length === 0) return fill('calls', el('p', { class: 'muted', text: 'No call.' }), actions);
  const calls = state.calls.map((call) => el('div', { class: 'call', 'data-channel': call.channelId }, [
    el('p', { text: (call.guildId ? 'voice channel ' : 'lobby ') + call.channelId + ' · DAVE ' + (call.daveVersion > 0 ? 'v' + call.daveVersion + ', epoch ' + (call.daveEpoch == null ? '(forming)' : call.daveEpoch) : 'off') }),
    table(['member', 'speaking', 'mode', 'voice socket', 'self'], call.members.map((m) => row(
      m.name,
      el('span', { class: m.speaking ? 'speaking' : 'muted', 'data-speaking': String(m.speaking), text: m.speaking ? '● speaking' : '○' }),
      m.mode || '—',
      m.connected ? 'open' : 'closed',
      (m.selfMute ? 'muted ' : '') + (m.selfDeaf ? 'deafened' : ''),
    ))),
  ]));
  fill('calls', ...calls, actions);
}

function renderLobbies() {
  if (state.lobbies.length === 0) return fill('lobbies', el('p', { class: 'muted', text: 'No lobby.' }));
  fill('lobbies', ...state.lobbies.map((lobby) => el('div', { class: 'lobby', 'data-lobby': lobby.id }, [
    el('p', { text: 'lobby ' + lobby.id + (lobby.linkedChannelId ? ' · linked to ' + lobby.linkedChannelId : '') + ' · ' + lobby.members.map((m) => m.name + (m.connected ? '' : ' (away)')).join(', ') }),
    el('ul', {}, lobby.messages.map((m) => el('li', { class: 'message', text: m.author + ': ' + m.content }))),
  ])));
}

function renderSessions() {
  const gateway = table(['gateway session', 'kind', 'who', 'app', ''], state.sessions.gateway.map((s) => row(
    s.id, s.kind, s.user || '—', s.application || '—',
    s.connected && s.userId ? el('button', { text: 'Drop', onclick: () => control('dropGatewayConnections', { userId: s.userId }) }) : s.connected ? '' : 'resumable',
  )));
  const ipc = state.sessions.ipc.length === 0 ? el('p', { class: 'muted', text: 'No IPC connection.' }) :
    table(['IPC', 'app', 'user', 'subscriptions'], state.sessions.ipc.map((c) => row('#' + c.number, c.application || '—', c.user || '—', c.subscriptions.join(' '))));
  fill('sessions', gateway, ipc);
}

function renderGuilds() {
  fill('guilds', ...state.guilds.map((g) => el('div', {}, [
    el('p', { text: g.name + ' (' + g.memberCount + ' members)' }),
    table(['channel', 'type', 'in voice'], g.channels.map((c) => row('#' + c.name, CHANNEL_TYPES[c.type] || String(c.type), c.voiceMembers.join(', ')))),
  ])));
}

function renderApplications() {
  fill('applications', ...state.applications.map((app) => el('div', {}, [
    el('p', { text: app.name + ' · ' + app.id }),
    table(['setting', 'value'], [
      row('bot token', el('span', {}, [el('code', { text: app.botToken || '—' }), el('button', { text: 'Copy', onclick: () => copySecret(app.id, 'botToken') })])),
      row('client secret', el('span', {}, [el('code', { text: app.clientSecret || '—' }), el('button', { text: 'Copy', onclick: () => copySecret(app.id, 'clientSecret') })])),
      row('events URL', app.eventsUrl || '—'),
      row('interactions endpoint', app.interactionsEndpointUrl || '— (the gateway)'),
      row('privileged intents', ['guildMembers', 'guildPresences', 'messageContent'].filter((k) => app.privilegedIntents[k]).join(', ') || 'none'),
      row('social SDK terms', app.portal.socialSdkTermsAccepted ? 'accepted' : 'not accepted'),
      row('private channel obfuscation', app.portal.privateChannelObfuscation ? 'on' : 'off'),
      row('invite cover image', app.portal.inviteCoverImage || '—'),
    ]),
  ])));
}

function renderUsers() {
  fill('users', table(['name', 'username', 'id', ''], state.users.map((u) => row(u.name, '@' + u.username, u.id, u.bot ? 'bot' : u.provisional ? 'provisional' : ''))));
}

function renderActions() {
  if (byId('post-form')) return; // built once: a refresh must not reset what a person types
  const channels = el('select', { id: 'post-channel', 'aria-label': 'channel' });
  for (const g of state.guilds) for (const c of g.channels.filter((c) => c.type === 0)) channels.append(el('option', { value: c.id, text: g.name + ' #' + c.name }));
  const text = el('input', { id: 'post-text', placeholder: 'message', 'aria-label': 'message' });
  const who = peopleSelect('post-as');
  const post = el('form', { id: 'post-form', onsubmit: (event) => {
    event.preventDefault();
    control('postChannelMessage', { userId: who.value, channelId: channels.value, message: { content: text.value } });
  } }, [el('p', { text: 'Post as' }), who, channels, text, el('button', { text: 'Post' })]);
  const command = el('input', { id: 'command-name', placeholder: 'command name', 'aria-label': 'command' });
  const invoker = peopleSelect('invoke-as');
  const invoke = el('form', { id: 'invoke-form', onsubmit: (event) => {
    event.preventDefault();
    control('invokeCommand', { userId: invoker.value, channelId: channels.value, name: command.value });
  } }, [el('p', { text: 'Invoke a command as' }), invoker, command, el('button', { text: 'Invoke' })]);
  fill('actions', post, invoke);
}

function renderLog() {
  const filter = byId('log-filter').value.toLowerCase();
  const kinds = new Set([...document.querySelectorAll('.log-kind')].filter((b) => b.checked).map((b) => b.value));
  const shown = log.filter((e) => kinds.has(e.kind) && (!filter || e.text.toLowerCase().includes(filter))).slice(-LOG_SHOWN).reverse();
  fill('log', ...shown.map((e) => el('div', { class: 'log-entry kind-' + e.kind, text: time(e.at) + '  ' + e.kind.padEnd(8) + ' ' + e.text })));
}

function render() {
  byId('clock').textContent = time(state.now);
  renderConsents();
  renderCalls();
  renderLobbies();
  renderSessions();
  renderGuilds();
  renderApplications();
  renderUsers();
  renderActions();
}

let pending = null;
async function refresh() {
  if (pending) return pending;
  pending = (async () => {
    try {
      const response = await fetch(STATE_URL, { cache: 'no-store' });
      if (!response.ok) throw new Error('state: ' + response.status);
      state = await response.json();
      render();
    } catch (error) {
      status('the emulator does not answer', true);
    } finally {
      pending = null;
    }
  })();
  return pending;
}

let soon = null;
function openFeed() {
  const feed = new EventSource(FEED_URL);
  feed.addEventListener('open', () => status('live', false));
  feed.addEventListener('entry', (message) => {
    log.push(JSON.parse(message.data));
    if (log.length > 2 * LOG_SHOWN) log.splice(0, log.length - LOG_SHOWN);
    renderLog();
    if (!soon) soon = setTimeout(() => { soon = null; refresh(); }, 200);
  });
  feed.addEventListener('error', () => status('reconnecting…', true));
}

byId('advance').addEventListener('click', () => control('advanceClock', { ms: Math.max(0, Number(byId('advance-minutes').value) || 0) * 60000 }));
byId('log-filter').addEventListener('input', renderLog);
for (const box of document.querySelectorAll('.log-kind')) box.addEventListener('change', renderLog);
refresh();
openFeed();
setInterval(refresh, 1000);
`;
