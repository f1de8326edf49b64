// The application's store page on the web base (the spec names a store and shows no page; see
// domain/store.ts): `GET /store/{applicationId}` lists what the application sells, and a person
// signed in on the page (chosen from the emulator's users, like the consent page) buys with
// `POST /store/{applicationId}/purchase` (a form: sku_id, user_id). The answer is a receipt page,
// or the reason it was refused with the API's status.
import { escape } from '../auth/consent_page';
import { ApiError } from '../domain/errors';
import { SkuKind } from '../domain/monetization';
import { purchase, storeSkus, type Purchase } from '../domain/store';
import type { Emulator } from '../emulator';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';
import { HtmlPage } from '../http/server';
import type { Application, Sku } from '../model/types';

const STYLE = '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}li{margin:.5rem 0}button{margin-left:.5rem}</style>';

const KIND_LABEL: Record<number, string> = {
  [SkuKind.DURABLE]: 'one-time purchase',
  [SkuKind.CONSUMABLE]: 'consumable, bought again once used',
  [SkuKind.SUBSCRIPTION]: 'subscription, renews every 30 days',
};

function page(title: string, body: string, status = 200): HtmlPage {
  return new HtmlPage(`<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title>${STYLE}</head><body>${body}</body></html>`, status);
}

function storePage(emu: Emulator, app: Application, skus: Sku[]): HtmlPage {
  const buyers = [...emu.state.users.values()]
    .filter((u) => !u.bot && !u.provisional)
    .map((u) => `<option value="${escape(u.id)}">${escape(u.globalName ?? u.username)} (@${escape(u.username)})</option>`)
    .join('');
  const items = skus
    .map((s) => `<li><strong>${escape(s.name)}</strong> — ${KIND_LABEL[s.type]}<button name="sku_id" value="${escape(s.id)}">Buy</button></li>`)
    .join('');
  const list = skus.length > 0 ? `<ul>${items}</ul>` : '<p>Nothing for sale yet.</p>';
  return page(`${app.name} store`, `<h1>${escape(app.name)}</h1><p>Store (sdkpp emulator: no payment is taken).</p>
<form method="post" action="/store/${escape(app.id)}/purchase">
<label>Signed in as <select name="user_id">${buyers}</select></label>${list}</form>`);
}

function receiptPage(app: Application, sku: Sku, made: Purchase): HtmlPage {
  const subscription = made.subscription ? `<p>Subscription <code>${escape(made.subscription.id)}</code></p>` : '';
  return page('Thank you', `<h1>Thank you</h1><p>${escape(sku.name)} from ${escape(app.name)}.</p>
<p>Entitlement <code>${escape(made.entitlement.id)}</code></p>${subscription}
<p><a href="/store/${escape(app.id)}">Back to the store</a></p>`);
}

function appOf(ctx: RequestContext): Application | null {
  return ctx.emu.app(ctx.params.application_id) ?? null;
}

export function registerStore(web: Router): void {
  web.get('/store/:application_id', (ctx) => {
    const app = appOf(ctx);
    if (!app) return page('Unknown application', '<h1>Unknown application</h1>', 404);
    return storePage(ctx.emu, app, storeSkus(ctx.emu, app.id));
  });

  web.post('/store/:application_id/purchase', async (ctx) => {
    const form = await ctx.form();
    const app = appOf(ctx);
    if (!app) return page('Unknown application', '<h1>Unknown application</h1>', 404);
    const skuId = form.get('sku_id') ?? '';
    try {
      const made = purchase(ctx.emu, app.id, form.get('user_id') ?? '', skuId);
      return receiptPage(app, ctx.emu.state.skus.get(skuId)!, made);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return page('Not bought', `<h1>Not bought</h1><p>${escape(error.message)}</p><p><a href="/store/${escape(app.id)}">Back to the store</a></p>`, error.status);
    }
  });
}
