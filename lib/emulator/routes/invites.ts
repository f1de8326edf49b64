// Guild invites over HTTP: create and list a channel's (Bot), read one (any caller), its target
// users as CSV, delete. Accepting stays on POST /invites/{code} (routes/lobbies). Rules in
// domain/invites.
import { channelInvites, createInvite, deleteInvite, getInvite, InviteLimits, parseTargetUsersCsv, targetUsersCsv, type NewInvite } from '../domain/invites';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { isSnowflake } from '../snowflake';


/** The JSON create parameters (the public API's names), every bad field at once as 50035. */
export function parseCreateInvite(body: Record<string, unknown>): NewInvite {
  const v = new Validator();
  const input: NewInvite = {
    maxAge: v.int('max_age', body.max_age, { optional: true, min: 0, max: InviteLimits.MAX_AGE_MAX }),
    maxUses: v.int('max_uses', body.max_uses, { optional: true, min: 0, max: InviteLimits.MAX_USES_MAX }),
    temporary: v.bool('temporary', body.temporary, { optional: true }),
    unique: v.bool('unique', body.unique, { optional: true }),
    targetType: v.int('target_type', body.target_type, { optional: true, min: 1, max: 2 }),
    targetUserId: v.snowflake('target_user_id', body.target_user_id, { optional: true }),
    targetApplicationId: v.snowflake('target_application_id', body.target_application_id, { optional: true }),
  };
  if (body.role_ids !== undefined && body.role_ids !== null) {
    if (!Array.isArray(body.role_ids)) v.fail('role_ids', 'LIST_TYPE_CONVERT', 'Must be an array.');
    else input.roleIds = body.role_ids.map((id, i) => v.snowflake(`role_ids.${i}`, id)).filter((id): id is string => id !== undefined);
  }
  v.check();
  return input;
}

/** The CSV's bytes as text: UTF-8 only (invalid bytes are 50035, not guessed at). */
function decodeCsv(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw Errors.invalidForm({ target_users_file: [{ code: 'INVITE_TARGET_USERS_FILE_INVALID', message: 'The file is not UTF-8 text.' }] });
  }
}

function channelId(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.channel_id)) throw Errors.unknownChannel();
  return ctx.params.channel_id;
}

export function registerInvites(api: Router): void {
  // JSON, or multipart/form-data with payload_json and the spec's target_users_file (a CSV file part).
  api.post('/channels/:channel_id/invites', async (ctx) => {
    const { user } = ctx.bot();
    const id = channelId(ctx);
    const { body, files } = await ctx.jsonOrMultipart();
    const input = parseCreateInvite(body);
    for (const file of files) {
      if (file.field !== 'target_users_file') throw Errors.invalidForm({ [file.field.slice(0, 64)]: [{ code: 'INVITE_UNKNOWN_FILE', message: 'Only target_users_file can be uploaded.' }] });
    }
    if (files.length > 1) throw Errors.invalidForm({ target_users_file: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'One file only.' }] });
    if (body.target_users_file !== undefined) throw Errors.invalidForm({ target_users_file: [{ code: 'INVITE_TARGET_USERS_FILE_INVALID', message: 'Must be uploaded as a file (multipart/form-data).' }] });
    if (files.length === 1) input.targetUserIds = parseTargetUsersCsv(decodeCsv(files[0].data));
    return createInvite(ctx.emu, id, user.id, input, ctx.auditLogReason());
  });

  api.get('/channels/:channel_id/invites', (ctx) => {
    const { user } = ctx.bot();
    return channelInvites(ctx.emu, channelId(ctx), user.id);
  });

  api.get('/invites/:code', (ctx) => {
    ctx.anyCaller();
    return getInvite(ctx.emu, ctx.params.code, { counts: ctx.query.get('with_counts') === 'true' });
  });

  api.delete('/invites/:code', (ctx) => {
    const { user } = ctx.bot();
    return deleteInvite(ctx.emu, ctx.params.code, user.id, ctx.auditLogReason());
  });

  api.get('/invites/:code/target-users', (ctx) => {
    const caller = ctx.anyCaller();
    if (!caller.user) throw Errors.missingAccess();
    const csv = targetUsersCsv(ctx.emu, ctx.params.code, caller.user.id);
    ctx.res.writeHead(200, { ...ctx.headers, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Length': Buffer.byteLength(csv) });
    ctx.res.end(csv);
    return undefined;
  });
}
