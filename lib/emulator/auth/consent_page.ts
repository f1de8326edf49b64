// The OAuth2 consent page a person sees in the browser: who to sign in as, what the game asks
// for (a checkbox for each scope the person may leave out), Authorize / Cancel.
import type { Application, PendingAuthorization, User } from '../model/types';
import { REQUIRED_SCOPES } from './scopes';

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function consentPage(app: Application, pending: PendingAuthorization, users: User[]): string {
  const options = users
    .filter((u) => !u.bot && !u.provisional)
    .map((u) => `<option value="${escape(u.id)}">${escape(u.globalName ?? u.username)} (@${escape(u.username)})</option>`)
    .join('');
  // Each scope beyond the required ones is the person's to grant (spec, AuthorizationArgs rule
  // 3): a checkbox, ticked at first; the required ones are listed without one.
  const scopes = pending.scopes
    .map((s) =>
      REQUIRED_SCOPES.has(s)
        ? `<li>${escape(s)}</li>`
        : `<li><label><input type="checkbox" name="scope" value="${escape(s)}" checked> ${escape(s)}</label></li>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Authorize ${escape(app.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{padding:.5rem 1rem;margin-right:.5rem}</style></head><body>
<h1>${escape(app.name)}</h1><p>wants to access your account (sdkpp emulator).</p>
<ul>${scopes}</ul>
<form method="post" action="/oauth2/authorize/decide">
<input type="hidden" name="pending_id" value="${escape(pending.id)}">
<input type="hidden" name="scope_choice" value="1">
<label>Sign in as <select name="user_id">${options}</select></label>
<p><button name="decision" value="approve">Authorize</button>
<button name="decision" value="deny">Cancel</button></p></form>
<p><small>Redirects to ${escape(pending.redirectUri)}</small></p></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Authorization error</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto"><h1>Cannot authorize</h1><p>${escape(message)}</p></body></html>`;
}

export function activatePage(userCode: string | null, message: string | null): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Activate a device</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto"><h1>Activate a device</h1>
${message ? `<p>${escape(message)}</p>` : ''}
<form method="post" action="/activate"><label>Code <input name="user_code" value="${escape(userCode ?? '')}"></label>
<input type="hidden" name="decision" value="approve"><button>Approve</button></form></body></html>`;
}
