// Interactions over HTTP (JSON, or multipart with payload_json and files[n] uploads): the initial
// response POST /interactions/{id}/{token}/callback (no
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
    const { body, files } = await ctx.jsonOrMultipart();
    const result = respond(ctx.emu, interaction, body, files);
    return ctx.query.get('with_response') === 'true' ? result : null;
  });

  api.post('/webhooks/:app_id/:token', async (ctx) => {
    const interaction = forWebhook(ctx);
    const { body, files } = await ctx.jsonOrMultipart();
    return createFollowup(ctx.emu, interaction, body, files);
  });

  api.get('/webhooks/:app_id/:token/messages/:message_id', (ctx) => webhookMessageJson(ctx.emu, webhookMessage(ctx.emu, forWebhook(ctx), ctx.params.message_id)));

  api.patch('/webhooks/:app_id/:token/messages/:message_id', async (ctx) => {
    const interaction = forWebhook(ctx);
    const { body, files } = await ctx.jsonOrMultipart();
    return editWebhookMessage(ctx.emu, interaction, ctx.params.message_id, body, files);
  });

  api.delete('/webhooks/:app_id/:token/messages/:message_id', (ctx) => {
    deleteWebhookMessage(ctx.emu, forWebhook(ctx), ctx.params.message_id);
    return null;
  });
}
