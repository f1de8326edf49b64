// The dashboard's HTML (GET / on the web base): a frame of empty sections the script
// (/_sdkpp/dashboard/app.js, app_script.ts) fills from the state document and the event feed.
// Its policy allows that script only (no inline script), requests to its own origin, and
// nothing else.
import { HtmlPage } from '../http/server';

// frame-src: the embedded activities, each on its proxy host (`<id>.activities.localhost` on
// the emulator's port; http/activity_proxy.ts).
export const DASHBOARD_POLICY = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-src http://*.activities.localhost:*";

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d1f23}
header{background:#3b3f8f;color:#fff;padding:.6rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header h1{font-size:1.1rem;margin:0}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(22rem,1fr));gap:.8rem;padding:.8rem}
section{background:#fff;border-radius:6px;padding:.6rem .8rem;box-shadow:0 1px 2px #0002;overflow:auto;max-height:28rem}
section h2{font-size:.95rem;margin:.1rem 0 .5rem}
#log-section{grid-column:1/-1;max-height:30rem}
#activities-section{grid-column:1/-1;max-height:none}
#activity-frame{width:100%;height:22rem;border:1px solid #ccc;border-radius:4px;background:#fff}
.consent{background:#fff7e0;border:1px solid #e0b84c;padding:.4rem;margin:.3rem 0}
table{border-collapse:collapse;width:100%;font-size:.85rem}
td,th{text-align:left;padding:.15rem .3rem;border-bottom:1px solid #eee;vertical-align:top}
.muted{color:#777}.speaking{color:#1a8f3c;font-weight:bold}.bad{color:#b3261e}
button{font-size:.8rem;margin:.1rem}input,select{font-size:.8rem}
.log-entry{font-family:ui-monospace,monospace;font-size:.78rem;white-space:pre-wrap;border-bottom:1px solid #f0f0f0}
.kind-refused{color:#b3261e}.kind-control{color:#3b3f8f}.kind-webhook{color:#8a5a00}
`;

const SECTIONS: Array<[string, string]> = [
  ['activities', 'Embedded activities'],
  ['consents', 'Pending consents'],
  ['calls', 'Calls'],
  ['lobbies', 'Lobbies'],
  ['sessions', 'Live sessions'],
  ['guilds', 'Guilds and channels'],
  ['applications', 'Applications'],
  ['users', 'Users'],
  ['actions', 'Act as a person'],
];

export function dashboardPage(): HtmlPage {
  const sections = SECTIONS.map(([id, title]) => `<section id="${id}-section"><h2>${title}</h2><div id="${id}"></div></section>`).join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sdkpp emulator</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><style>${STYLE}</style></head><body>
<header><h1>sdkpp emulator</h1><span>clock: <strong id="clock">…</strong></span>
<span><input id="advance-minutes" type="number" min="0" value="5" size="4" aria-label="minutes"> min <button id="advance">Advance the clock</button></span>
<span id="connection" class="muted">connecting…</span></header>
<main>
${sections}
<section id="log-section"><h2>Event log</h2>
<input id="log-filter" placeholder="filter (text)" aria-label="filter">
<label><input type="checkbox" class="log-kind" value="dispatch" checked> dispatches</label>
<label><input type="checkbox" class="log-kind" value="webhook" checked> webhooks</label>
<label><input type="checkbox" class="log-kind" value="control" checked> control</label>
<label><input type="checkbox" class="log-kind" value="refused" checked> refused</label>
<div id="log"></div></section>
</main>
<script type="module" src="/_sdkpp/dashboard/app.js"></script></body></html>`;
  return new HtmlPage(html, 200, DASHBOARD_POLICY);
}
