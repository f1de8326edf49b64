// The invite URL JoinLinkedLobbyGuild hands out ({webBase}/invite/{code}), as a browser sees it:
// a page naming the server with an Accept button; accepting joins the linked channel's guild
// (domain/lobbies). An unknown, used or expired code is a 404 page.
import { escape } from '../auth/consent_page';
import { acceptChannelInviteFromPage, openChannelInvite } from '../domain/lobbies';
import { ApiError } from '../domain/errors';
import type { Router } from '../http/router';
import { HtmlPage } from '../http/server';

function page(title: string, body: string, status = 200): HtmlPage {
  return new HtmlPage(`<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto"><h1>${escape(title)}</h1>${body}</body></html>`, status);
}

export function registerInvitePage(web: Router): void {
  web.get('/invite/:code', (ctx) => {
    const invite = openChannelInvite(ctx.emu, ctx.params.code);
    if (!invite) return page('Invite invalid', '<p>This invite is unknown, used or expired.</p>', 404);
    return page(`Join ${invite.guildName}`, `<p>@${escape(invite.username)}, you are invited to ${escape(invite.guildName)} (sdkpp emulator).</p>
<form method="post" action="/invite/${encodeURIComponent(ctx.params.code)}"><button>Accept invite</button></form>`);
  });
  web.post('/invite/:code', (ctx) => {
    try {
      const accepted = acceptChannelInviteFromPage(ctx.emu, ctx.params.code) as { guild: { name: string } | null };
      return page('Invite accepted', `<p>You joined ${escape(accepted.guild?.name ?? 'the server')}.</p>`);
    } catch (error) {
      if (error instanceof ApiError) return page('Invite invalid', `<p>${escape(error.message)}</p>`, error.status);
      throw error;
    }
  });
}
