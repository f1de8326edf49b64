// Application commands over HTTP (Bot token): GET / POST / PUT (bulk overwrite)
// /applications/{app}/commands, GET / PATCH / DELETE …/commands/{id}, and the same under
// /applications/{app}/guilds/{guild}/commands. Rules in domain/commands.
import {
  commandJson,
  commandsOf,
  deleteCommand,
  editCommand,
  findCommand,
  overwriteCommands,
  readCommand,
  requireGuildInstall,
  upsertCommand,
} from '../domain/commands';
import type { RequestContext } from '../http/context';
import { ApiError, Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { send } from '../http/server';
import { Validator } from '../domain/validate';
import type { Application } from '../model/types';
import { isSnowflake } from '../snowflake';

/** The application whose bot calls; another application's id is 50001 (an unknown one too). */
function ownApplication(ctx: RequestContext): Application {
  const { app } = ctx.bot();
  if (!isSnowflake(ctx.params.app_id) || ctx.params.app_id !== app.id) throw new ApiError(403, 50001, 'Missing Access');
  return app;
}

function scope(ctx: RequestContext, app: Application): string | null {
  const guildId = ctx.params.guild_id;
  if (guildId === undefined) return null;
  if (!isSnowflake(guildId)) throw Errors.unknownGuild();
  requireGuildInstall(ctx.emu, app, guildId);
  return guildId;
}

function commandId(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.command_id)) throw new ApiError(404, 10063, 'Unknown application command');
  return ctx.params.command_id;
}

export function registerCommands(api: Router): void {
  for (const base of ['/applications/:app_id/commands', '/applications/:app_id/guilds/:guild_id/commands']) {
    api.get(base, (ctx) => {
      const app = ownApplication(ctx);
      return commandsOf(ctx.emu, app.id, scope(ctx, app)).map(commandJson);
    });

    api.post(base, async (ctx) => {
      const app = ownApplication(ctx);
      const guildId = scope(ctx, app);
      const body = await ctx.jsonObject();
      const v = new Validator();
      const fields = readCommand(v, body, { guildId });
      v.check();
      const { command, created } = upsertCommand(ctx.emu, app, guildId, fields!);
      // 201 for a new command, 200 for one it replaced (same type and name).
      send(ctx.res, created ? 201 : 200, commandJson(command), ctx.headers);
      return undefined;
    });

    api.put(base, async (ctx) => {
      const app = ownApplication(ctx);
      const guildId = scope(ctx, app);
      const body = await ctx.json();
      const v = new Validator();
      if (!Array.isArray(body)) {
        v.fail('_root', 'LIST_TYPE_CONVERT', 'The body must be a JSON array of commands.');
        v.check();
      }
      const list = (body as unknown[]).map((item, index) => {
        const object = v.object(String(index), item);
        return object ? readCommand(v, object, { guildId }, `${index}.`) : undefined;
      });
      v.check();
      return overwriteCommands(ctx.emu, app, guildId, list.map((fields) => fields!)).map(commandJson);
    });

    api.get(`${base}/:command_id`, (ctx) => {
      const app = ownApplication(ctx);
      return commandJson(findCommand(ctx.emu, app.id, scope(ctx, app), commandId(ctx)));
    });

    api.patch(`${base}/:command_id`, async (ctx) => {
      const app = ownApplication(ctx);
      const command = findCommand(ctx.emu, app.id, scope(ctx, app), commandId(ctx));
      const body = await ctx.jsonObject();
      const v = new Validator();
      const fields = readCommand(v, body, { guildId: command.guildId }, '', command);
      v.check();
      return commandJson(editCommand(ctx.emu, command, fields!));
    });

    api.delete(`${base}/:command_id`, (ctx) => {
      const app = ownApplication(ctx);
      deleteCommand(ctx.emu, findCommand(ctx.emu, app.id, scope(ctx, app), commandId(ctx)));
      return null;
    });
  }
}
