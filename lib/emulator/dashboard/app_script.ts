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
      row('activities', app.activitiesEnabled ? 'on (entry point ' + (app.entryPoint || 'none') + ')' : 'off'),
      row('activity URL mappings', app.urlMappings.map((m) => m.prefix + ' → ' + m.target).join(', ') || '—'),
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

// --- Embedded activities: this page is the chat client that frames them. An activity runs on
// its proxy host (<applicationId>.activities.localhost on this port) in an iframe, and talks to
// this page over postMessage: [opcode, payload], 0 handshake, 1 frame, 2 close. Only messages
// from that iframe's window and origin are read; everything else is ignored.
const PARTICIPANTS_UPDATE = 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE';
let current = null;

async function call(name, args) {
  const response = await fetch('/_sdkpp/control/' + name, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args || {}) });
  const body = await response.json().catch(() => ({}));
  return { ok: response.ok, body: body };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const userName = (id) => { const u = state && state.users.find((x) => x.id === id); return u ? u.name : id; };

async function launchActivity(applicationId, entryPoint, userId, channelId, pathForm) {
  const invoked = await call('invokeCommand', { userId: userId, channelId: channelId, name: entryPoint, type: 4, applicationId: applicationId });
  if (!invoked.ok) return status('launch: ' + (invoked.body.message || 'refused'), true);
  // SERVICE_LAUNCH_ACTIVITY launches at once; an APP_HANDLER app answers LAUNCH_ACTIVITY within 3 s.
  let instanceId = null;
  for (let i = 0; i < 40 && !instanceId; i++) {
    const result = await call('interactionResult', { interactionId: invoked.body.id });
    instanceId = result.ok ? result.body.activityInstanceId : null;
    if (!instanceId) await sleep(100);
  }
  if (!instanceId) return status('the application did not launch its activity', true);
  await refresh();
  const instance = state.activities.find((a) => a.id === instanceId);
  if (instance) openActivity(instance, userId, pathForm);
}

function openActivity(instance, userId, pathForm) {
  closeActivity();
  const frameId = Math.random().toString(36).slice(2) + Date.now().toString(36);
  const origin = location.protocol + '//' + instance.applicationId + '.activities.localhost' + (location.port ? ':' + location.port : '');
  const query = new URLSearchParams({ instance_id: instance.id, channel_id: instance.channelId, guild_id: instance.guildId || '', frame_id: frameId, platform: 'desktop' });
  const frame = el('iframe', { id: 'activity-frame', title: 'activity', src: origin + (pathForm === '/.proxy/' ? '/.proxy/' : '/') + '?' + query.toString(), sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups' });
  current = { frame: frame, origin: origin, applicationId: instance.applicationId, instanceId: instance.id, userId: userId, frameId: frameId, subscriptions: new Set(), lastParticipants: null, ready: false, consent: null };
  fill('activity-stage',
    el('p', { id: 'activity-title', text: 'activity ' + instance.id + ' as ' + userName(userId) + ' (' + frame.src.split('?')[0] + ')' }, [el('button', { text: 'Close', onclick: closeActivity })]),
    frame);
}

function closeActivity() {
  // A consent still asked is refused: the frame that asked is gone.
  if (current && current.consent) current.consent(false);
  current = null;
  fill('activity-consent');
  fill('activity-stage', el('p', { class: 'muted', text: 'No activity open.' }));
}

function toFrame(payload) {
  if (current) current.frame.contentWindow.postMessage([1, payload], current.origin);
}

function reply(message, data) {
  toFrame({ cmd: message.cmd, nonce: message.nonce, data: data });
}

function replyError(message, code, text) {
  toFrame({ cmd: message.cmd, nonce: message.nonce, evt: 'ERROR', data: { code: code, message: text } });
}

/** The person's consent, as the client's prompt; the emulator's auto-approve answers at once. */
function askConsent(scopes) {
  if (state && state.autoApprove) return Promise.resolve(true);
  const app = state.applications.find((a) => a.id === current.applicationId);
  const open = current;
  return new Promise((resolve) => {
    const answer = (yes) => { open.consent = null; fill('activity-consent'); resolve(yes); };
    open.consent = answer;
    fill('activity-consent', el('div', { class: 'consent' }, [
      el('p', { text: (app ? app.name : current.applicationId) + ' asks ' + userName(current.userId) + ' for: ' + scopes.join(' ') }),
      el('button', { text: 'Authorize', onclick: () => answer(true) }),
      el('button', { text: 'Cancel', onclick: () => answer(false) }),
    ]));
  });
}

function participantsOf(instanceId) {
  const instance = state && state.activities.find((a) => a.id === instanceId);
  return instance ? instance.participants : [];
}

async function command(message) {
  const args = message.args && typeof message.args === 'object' ? message.args : {};
  const base = { instanceId: current.instanceId, userId: current.userId };
  switch (message.cmd) {
    case 'AUTHORIZE': {
      if (args.client_id !== current.applicationId) return replyError(message, 4007, 'client_id is not the activity\'s application');
      const scopes = Array.isArray(args.scope) ? args.scope.map(String) : String(args.scope || '').split(' ').filter(Boolean);
      if (scopes.length === 0) return replyError(message, 4000, 'scope: the scopes are required');
      if (!(await askConsent(scopes))) return replyError(message, 5000, 'The person did not authorize the application');
      const result = await call('authorizeActivity', Object.assign({ scope: scopes }, base));
      return result.ok ? reply(message, { code: result.body.code }) : replyError(message, 5000, result.body.message || 'authorize failed');
    }
    case 'AUTHENTICATE': {
      const result = await call('authenticateActivity', { applicationId: current.applicationId, accessToken: String(args.access_token || '') });
      return result.ok ? reply(message, result.body) : replyError(message, 4009, 'Invalid access token');
    }
    case 'GET_INSTANCE_CONNECTED_PARTICIPANTS': {
      const result = await call('activityInstance', { instanceId: current.instanceId });
      return result.ok ? reply(message, { participants: result.body.participants }) : replyError(message, 1000, result.body.message || 'unknown instance');
    }
    case 'SHARE_LINK': {
      // custom_id rides on the link; referrer_id is not passed on (the service drops it silently).
      const result = await call('shareActivityLink', Object.assign({ message: args.message, customId: args.custom_id }, base));
      return result.ok ? reply(message, { success: true }) : replyError(message, 4000, result.body.message || 'shareLink failed');
    }
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE': {
      if (args.event !== PARTICIPANTS_UPDATE) return replyError(message, 4004, 'Unknown event: ' + String(args.event).slice(0, 64));
      if (message.cmd === 'SUBSCRIBE') {
        current.subscriptions.add(args.event);
        current.lastParticipants = participantsOf(current.instanceId).map((p) => p.id).join(',');
      } else {
        current.subscriptions.delete(args.event);
      }
      return reply(message, { evt: args.event });
    }
    default:
      return replyError(message, 4002, 'Unknown command: ' + String(message.cmd).slice(0, 64));
  }
}

window.addEventListener('message', (event) => {
  // Only the open activity's frame, from its proxy host's origin: any other window or origin is ignored.
  if (!current || event.source !== current.frame.contentWindow || event.origin !== current.origin) return;
  if (!Array.isArray(event.data) || event.data.length !== 2 || typeof event.data[1] !== 'object' || event.data[1] === null) return;
  const opcode = event.data[0];
  const payload = event.data[1];
  if (opcode === 0) {
    if (payload.client_id !== current.applicationId || payload.frame_id !== current.frameId) {
      current.frame.contentWindow.postMessage([2, { code: 4007, message: 'Invalid client id or frame id' }], current.origin);
      return;
    }
    current.ready = true;
    toFrame({ cmd: 'DISPATCH', evt: 'READY', data: { v: 1, config: { environment: 'sdkpp-emulator' } } });
    return;
  }
  if (opcode === 2) return closeActivity();
  if (opcode !== 1 || !current.ready || typeof payload.cmd !== 'string' || typeof payload.nonce !== 'string') return;
  const open = current;
  command(payload).catch((error) => { if (current === open) replyError(payload, 1000, String(error && error.message || error)); });
});

/** Tells a subscribed activity when its instance's participants changed (read with the state). */
function dispatchParticipants() {
  if (!current || !current.subscriptions.has(PARTICIPANTS_UPDATE)) return;
  const participants = participantsOf(current.instanceId);
  const ids = participants.map((p) => p.id).join(',');
  if (ids === current.lastParticipants) return;
  current.lastParticipants = ids;
  toFrame({ cmd: 'DISPATCH', evt: PARTICIPANTS_UPDATE, data: { participants: participants } });
}

function renderActivities() {
  if (!byId('activity-list')) {
    const apps = el('select', { id: 'activity-app', 'aria-label': 'application' });
    const who = peopleSelect('activity-as');
    const channels = el('select', { id: 'activity-channel', 'aria-label': 'channel' });
    for (const g of state.guilds) for (const c of g.channels.filter((c) => c.type === 0)) channels.append(el('option', { value: c.id, text: g.name + ' #' + c.name }));
    const form = el('select', { id: 'activity-path', 'aria-label': 'path form' }, [el('option', { value: '/', text: '/' }), el('option', { value: '/.proxy/', text: '/.proxy/' })]);
    const launch = el('form', { id: 'activity-launch', onsubmit: (event) => {
      event.preventDefault();
      const app = state.applications.find((a) => a.id === apps.value);
      if (!app || !app.entryPoint) return status('the application has no entry point command (turn its activities on)', true);
      launchActivity(app.id, app.entryPoint, who.value, channels.value, form.value);
    } }, [el('span', { text: 'Launch ' }), apps, el('span', { text: ' as ' }), who, el('span', { text: ' in ' }), channels, el('span', { text: ' path ' }), form, el('button', { text: 'Launch' })]);
    fill('activities', launch, el('div', { id: 'activity-consent' }), el('div', { id: 'activity-stage' }), el('div', { id: 'activity-list' }));
    closeActivity();
  }
  const apps = byId('activity-app');
  const shown = state.applications.filter((a) => a.activitiesEnabled);
  const wanted = shown.map((a) => a.id).join(',');
  if (apps.dataset.ids !== wanted) {
    apps.dataset.ids = wanted;
    apps.replaceChildren(...shown.map((a) => el('option', { value: a.id, text: a.name + ' (' + (a.entryPoint || 'no entry point') + ')' })));
  }
  const list = state.activities.length === 0 ? [el('p', { class: 'muted', text: 'No activity launched. Turn an application\'s activities on (setActivitiesEnabled) and set its URL mappings (setActivityUrlMappings).' })] : [
    table(['instance', 'application', 'participants', 'shared links', ''], state.activities.map((a) => {
      const joiner = peopleSelect('activity-join-as-' + a.id);
      return row(
        a.id,
        (state.applications.find((x) => x.id === a.applicationId) || { name: a.applicationId }).name,
        el('span', { class: 'participants', 'data-instance': a.id, text: a.participants.map((p) => p.global_name || p.username).join(', ') }),
        el('span', { class: 'links' }, a.sharedLinks.map((l) => el('div', { class: 'shared-link', text: userName(l.userId) + ': ' + l.message + (l.customId ? ' (custom_id ' + l.customId + ')' : '') }))),
        el('span', {}, [joiner,
          el('button', { text: 'Join', onclick: () => control('joinActivityInstance', { instanceId: a.id, userId: joiner.value }) }),
          el('button', { text: 'Leave', onclick: () => control('leaveActivityInstance', { instanceId: a.id, userId: joiner.value }) })]),
      );
    })),
  ];
  // The selects keep what a person chose across refreshes.
  const chosen = {};
  for (const select of byId('activity-list').querySelectorAll('select')) chosen[select.id] = select.value;
  fill('activity-list', ...list);
  for (const select of byId('activity-list').querySelectorAll('select')) if (chosen[select.id]) select.value = chosen[select.id];
  dispatchParticipants();
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
  renderActivities();
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
