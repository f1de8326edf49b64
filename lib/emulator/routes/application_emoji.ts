// Application emoji with the bot token: GET/POST /applications/{app}/emojis (the list as
// {items}), GET/PATCH/DELETE /applications/{app}/emojis/{id}.
import { createEmoji, deleteEmoji, emojiJson, emojisOf, findEmoji, renameEmoji } from '../domain/application_emoji';
import { ownApplication } from '../domain/applications';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';

function botOf(ctx: RequestContext) {
  const { app } = ctx.bot();
  ownApplication(app, ctx.params.application_id);
  return app;
}

export function registerApplicationEmoji(api: Router): void {
  api.get('/applications/:application_id/emojis', (ctx) => {
    const app = botOf(ctx);
    return { items: emojisOf(ctx.emu, app.id).map((e) => emojiJson(ctx.emu, e, app)) };
  });
  api.post('/applications/:application_id/emojis', async (ctx) => {
    const app = botOf(ctx);
    return emojiJson(ctx.emu, createEmoji(ctx.emu, app, await ctx.jsonObject()), app);
  });
  api.get('/applications/:application_id/emojis/:emoji_id', (ctx) => {
    const app = botOf(ctx);
    return emojiJson(ctx.emu, findEmoji(ctx.emu, app, ctx.params.emoji_id), app);
  });
  api.patch('/applications/:application_id/emojis/:emoji_id', async (ctx) => {
    const app = botOf(ctx);
    return emojiJson(ctx.emu, renameEmoji(ctx.emu, app, ctx.params.emoji_id, await ctx.jsonObject()), app);
  });
  api.delete('/applications/:application_id/emojis/:emoji_id', (ctx) => {
    deleteEmoji(ctx.emu, botOf(ctx), ctx.params.emoji_id);
  });
}
