// Interactions over HTTP: the initial response POST /interactions/{id}/{token}/callback (no
// credentials: the token is the credential; ?with_response=true answers the callback's result),
// and the interaction's webhook: GET / PATCH / DELETE /webhooks/{app}/{token}/messages/@original,
// follow-ups POST /webhooks/{app}/{token} and GET / PATCH / DELETE …/messages/{id}.
import { interactionForCallback, respond } from '../domain/interactions';
import { createFollowup, deleteWebhookMessage, editWebhookMessage, interactionForWebhook, webhookMessage, webhookMessageJson } from '../domain/interaction_webhooks';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';

const forWebhook = (ctx: RequestContext) => interactionForWebhook(ctx.emu, ctx.params.app_id, ctx.params.token);

export function registerInteractions(api: Router): void {
  api.post('/interactions/:interaction_id/:token/callback', async (ctx) => {
    const interaction = interactionForCallback(ctx.emu, ctx.params.interaction_id, ctx.params.token);
    const body = await ctx.jsonObject();
    const result = respond(ctx.emu, interaction, body);
    return ctx.query.get('with_response') === 'true' ? result : null;
  });

  api.post('/webhooks/:app_id/:token', async (ctx) => {
    const interaction = forWebhook(ctx);
    return createFollowup(ctx.emu, interaction, await ctx.jsonObject());
  });

  api.get('/webhooks/:app_id/:token/messages/:message_id', (ctx) => webhookMessageJson(ctx.emu, webhookMessage(ctx.emu, forWebhook(ctx), ctx.params.message_id)));

  api.patch('/webhooks/:app_id/:token/messages/:message_id', async (ctx) => {
    const interaction = forWebhook(ctx);
    return editWebhookMessage(ctx.emu, interaction, ctx.params.message_id, await ctx.jsonObject());
  });

  api.delete('/webhooks/:app_id/:token/messages/:message_id', (ctx) => {
    deleteWebhookMessage(ctx.emu, forWebhook(ctx), ctx.params.message_id);
    return null;
  });
}
