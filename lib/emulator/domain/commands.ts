// Application commands (the public API's shapes): global and guild commands, their validation
// (names, descriptions, options, contexts, integration types, the entry point's handler), the
// per-type limits (100 CHAT_INPUT, 15 USER, 15 MESSAGE, one global PRIMARY_ENTRY_POINT, none in a
// guild), bulk overwrite, and the default "Launch" entry point made when activities are enabled.
import type { APIApplicationCommand, ApplicationCommandType, ApplicationIntegrationType, EntryPointCommandHandlerType, InteractionContextType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import { Validator } from './validate';
import type { Application, ApplicationCommand } from '../model/types';
import { validateCommandOptions } from './command_options';

export const CommandType = { CHAT_INPUT: 1, USER: 2, MESSAGE: 3, PRIMARY_ENTRY_POINT: 4 } as const;
export const EntryPointHandler = { APP_HANDLER: 1, SERVICE_LAUNCH_ACTIVITY: 2 } as const;
export const IntegrationType = { GUILD_INSTALL: 0, USER_INSTALL: 1 } as const;
export const InteractionContext = { GUILD: 0, BOT_DM: 1, PRIVATE_CHANNEL: 2 } as const;

/** The spec's limits per command type (context menus: 15 per type, was 5; entry points: 1 global). */
export const MAX_COMMANDS_PER_TYPE: Record<number, number> = {
  [CommandType.CHAT_INPUT]: 100,
  [CommandType.USER]: 15,
  [CommandType.MESSAGE]: 15,
  [CommandType.PRIMARY_ENTRY_POINT]: 1,
};
export const COMMAND_NAME_MAX = 32;
export const COMMAND_DESCRIPTION_MAX = 100;
/** The name of the entry point command made when activities are enabled. */
export const DEFAULT_ENTRY_POINT_NAME = 'Launch';

// CHAT_INPUT names: lowercase letters (of any script), digits, "-", "_" and "'" (public API).
const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

export function commandJson(command: ApplicationCommand): APIApplicationCommand {
  const json: APIApplicationCommand = {
    id: command.id,
    type: command.type as ApplicationCommandType,
    application_id: command.applicationId,
    name: command.name,
    name_localizations: command.nameLocalizations,
    description: command.description,
    description_localizations: command.descriptionLocalizations,
    default_member_permissions: command.defaultMemberPermissions,
    nsfw: command.nsfw,
    integration_types: command.integrationTypes as ApplicationIntegrationType[],
    contexts: command.contexts as InteractionContextType[],
    version: command.version,
  } satisfies APIApplicationCommand;
  if (command.guildId) json.guild_id = command.guildId;
  // Deprecated (the spec) but still served for global commands, derived from contexts.
  else json.dm_permission = command.contexts.includes(InteractionContext.BOT_DM);
  if (command.options.length > 0) json.options = command.options as unknown as APIApplicationCommand['options'];
  if (command.handler !== null) json.handler = command.handler as EntryPointCommandHandlerType;
  return json;
}

export function commandsOf(emu: Emulator, applicationId: string, guildId: string | null): ApplicationCommand[] {
  return [...emu.state.applicationCommands.values()].filter((c) => c.applicationId === applicationId && c.guildId === guildId);
}

/** Guild commands need the application installed to the guild (its bot is a member), else 50001. */
export function requireGuildInstall(emu: Emulator, app: Application, guildId: string): void {
  const guild = emu.state.guilds.get(guildId);
  if (!guild) throw new ApiError(404, 10004, 'Unknown Guild');
  if (!guild.members.some((m) => m.userId === app.botUserId)) throw new ApiError(403, 50001, 'Missing Access');
}

export function findCommand(emu: Emulator, applicationId: string, guildId: string | null, commandId: string): ApplicationCommand {
  const command = emu.state.applicationCommands.get(commandId);
  if (!command || command.applicationId !== applicationId || command.guildId !== guildId) {
    throw new ApiError(404, 10063, 'Unknown application command');
  }
  return command;
}

type CommandFields = Omit<ApplicationCommand, 'id' | 'applicationId' | 'guildId' | 'version'>;

/**
 * Checks a command body (create, or with `base` an edit: the given fields over the command's)
 * and returns the full fields, or records every failing field in `v` under `prefix`.
 */
export function readCommand(v: Validator, body: Record<string, unknown>, scope: { guildId: string | null }, prefix = '', base?: ApplicationCommand): CommandFields | undefined {
  const at = (field: string) => prefix + field;
  const has = (field: string) => body[field] !== undefined;
  const type = base ? base.type : (v.int(at('type'), body.type ?? CommandType.CHAT_INPUT, { min: 1, max: 4 }) ?? CommandType.CHAT_INPUT);
  if (base && has('type') && body.type !== base.type) v.fail(at('type'), 'APPLICATION_COMMAND_TYPE_IMMUTABLE', 'The type of a command cannot change.');
  if (type === CommandType.PRIMARY_ENTRY_POINT && scope.guildId) {
    v.fail(at('type'), 'APPLICATION_COMMAND_ENTRY_POINT_GLOBAL_ONLY', 'Entry point commands can only be global.');
  }

  let name = base?.name;
  if (!base || has('name')) {
    name = v.string(at('name'), body.name, { min: 1, max: COMMAND_NAME_MAX });
    if (name !== undefined && type === CommandType.CHAT_INPUT && (!CHAT_INPUT_NAME.test(name) || name !== name.toLowerCase())) {
      v.fail(at('name'), 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid: lowercase letters, digits, "-", "_" or "\'" only.');
      name = undefined;
    }
  }

  // CHAT_INPUT and PRIMARY_ENTRY_POINT: 1-100 characters; USER and MESSAGE: empty.
  let description = base?.description ?? '';
  if (!base || has('description')) {
    if (type === CommandType.USER || type === CommandType.MESSAGE) {
      if (body.description !== undefined && body.description !== '' && body.description !== null) {
        v.fail(at('description'), 'APPLICATION_COMMAND_DESCRIPTION_MUST_BE_EMPTY', 'Context menu commands have an empty description.');
      }
      description = '';
    } else {
      description = v.string(at('description'), body.description, { min: 1, max: COMMAND_DESCRIPTION_MAX }) ?? '';
    }
  }

  const localizations = (field: string, current: Record<string, string> | null | undefined) => {
    if (!has(field)) return current ?? null;
    if (body[field] === null) return null;
    return v.dict(at(field), body[field], { maxKeys: 40 }) ?? null;
  };
  const nameLocalizations = localizations('name_localizations', base?.nameLocalizations);
  const descriptionLocalizations = localizations('description_localizations', base?.descriptionLocalizations);

  let options = base?.options ?? [];
  if (has('options')) {
    if (type !== CommandType.CHAT_INPUT && body.options !== null && !(Array.isArray(body.options) && body.options.length === 0)) {
      v.fail(at('options'), 'APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED', 'Only CHAT_INPUT commands have options.');
    } else {
      options = body.options === null ? [] : (validateCommandOptions(v, at('options'), body.options) ?? []);
    }
  }

  let defaultMemberPermissions = base?.defaultMemberPermissions ?? null;
  if (has('default_member_permissions')) {
    const raw = body.default_member_permissions;
    if (raw === null) defaultMemberPermissions = null;
    else if (typeof raw === 'string' && /^\d{1,20}$/.test(raw) && BigInt(raw) < 1n << 64n) defaultMemberPermissions = BigInt(raw).toString();
    else v.fail(at('default_member_permissions'), 'PERMISSIONS_TYPE_INVALID', 'Must be a permission bit set as a string, or null.');
  }

  const nsfw = has('nsfw') ? (v.bool(at('nsfw'), body.nsfw) ?? false) : (base?.nsfw ?? false);

  const enumList = (field: string, values: readonly number[]): number[] | undefined => {
    const raw = body[field];
    if (!Array.isArray(raw) || raw.length === 0 || raw.some((x) => !values.includes(x as number))) {
      v.fail(at(field), 'ENUM_TYPE_COERCE', `Must be a non-empty list of ${values.join(', ')}.`);
      return undefined;
    }
    return [...new Set(raw as number[])].sort();
  };
  // Guild commands live in their guild: only the guild install and the guild context apply.
  const allTypes = [IntegrationType.GUILD_INSTALL, IntegrationType.USER_INSTALL];
  const allContexts = [InteractionContext.GUILD, InteractionContext.BOT_DM, InteractionContext.PRIVATE_CHANNEL];
  let integrationTypes = base?.integrationTypes ?? (scope.guildId ? [IntegrationType.GUILD_INSTALL] : allTypes);
  if (has('integration_types') && body.integration_types !== null) integrationTypes = enumList('integration_types', allTypes) ?? integrationTypes;
  let contexts = base?.contexts ?? (scope.guildId ? [InteractionContext.GUILD] : allContexts);
  if (has('contexts') && body.contexts !== null) {
    contexts = enumList('contexts', allContexts) ?? contexts;
  } else if (has('dm_permission')) {
    // Deprecated: still accepted and mapped to contexts (false: the guild only).
    const dm = v.bool(at('dm_permission'), body.dm_permission);
    if (dm !== undefined) contexts = dm ? allContexts : [InteractionContext.GUILD];
  }

  let handler = base?.handler ?? null;
  if (type === CommandType.PRIMARY_ENTRY_POINT) {
    if (has('handler')) handler = v.int(at('handler'), body.handler, { min: 1, max: 2 }) ?? handler;
    handler ??= EntryPointHandler.APP_HANDLER;
  } else if (has('handler') && body.handler !== null) {
    v.fail(at('handler'), 'APPLICATION_COMMAND_HANDLER_NOT_ALLOWED', 'Only PRIMARY_ENTRY_POINT commands have a handler.');
  }

  if (name === undefined) return undefined;
  return { type, name, nameLocalizations, description, descriptionLocalizations, options, defaultMemberPermissions, nsfw, integrationTypes, contexts, handler };
}

function sameSlot(a: { type: number; name: string }, b: { type: number; name: string }): boolean {
  return a.type === b.type && a.name === b.name;
}

/** The per-type limits over a scope's resulting command list (30032; the entry point: 50035). */
function checkLimits(list: Array<{ type: number }>, guildId: string | null): void {
  for (const [type, max] of Object.entries(MAX_COMMANDS_PER_TYPE)) {
    const count = list.filter((c) => c.type === Number(type)).length;
    if (Number(type) === CommandType.PRIMARY_ENTRY_POINT) {
      if (count > 0 && guildId) throw new ApiError(400, 50035, 'Invalid Form Body', { type: { _errors: [{ code: 'APPLICATION_COMMAND_ENTRY_POINT_GLOBAL_ONLY', message: 'Entry point commands can only be global.' }] } });
      if (count > max) {
        throw new ApiError(400, 50035, 'Invalid Form Body', { type: { _errors: [{ code: 'APPLICATION_COMMAND_TOO_MANY_ENTRY_POINTS', message: 'An application can have only one entry point command.' }] } });
      }
    } else if (count > max) {
      throw new ApiError(400, 30032, `Maximum number of application commands reached (${max} of type ${type})`);
    }
  }
}

/**
 * POST: creates a command, or (same type and name in the scope, as the public API does) replaces
 * it. Returns the command and whether it is new (201) or an overwrite (200).
 */
export function upsertCommand(emu: Emulator, app: Application, guildId: string | null, fields: CommandFields): { command: ApplicationCommand; created: boolean } {
  const existing = commandsOf(emu, app.id, guildId);
  const same = existing.find((c) => sameSlot(c, fields));
  if (!same) checkLimits([...existing, fields], guildId);
  const command: ApplicationCommand = { ...fields, id: same?.id ?? emu.ids.next(), applicationId: app.id, guildId, version: emu.ids.next() };
  emu.state.applicationCommands.set(command.id, command);
  emu.changed();
  return { command, created: !same };
}

export function editCommand(emu: Emulator, command: ApplicationCommand, fields: CommandFields): ApplicationCommand {
  const clash = commandsOf(emu, command.applicationId, command.guildId).find((c) => c.id !== command.id && sameSlot(c, fields));
  if (clash) throw new ApiError(400, 50035, 'Invalid Form Body', { name: { _errors: [{ code: 'APPLICATION_COMMAND_ALREADY_EXISTS', message: 'A command with this name and type already exists.' }] } });
  Object.assign(command, fields, { version: emu.ids.next() });
  emu.changed();
  return command;
}

export function deleteCommand(emu: Emulator, command: ApplicationCommand): void {
  emu.state.applicationCommands.delete(command.id);
  emu.changed();
}

/**
 * PUT: replaces the scope's commands with `list` (ids kept for same type and name), all or
 * nothing. An existing entry point left out of a global overwrite is refused (50240, as the
 * public API does): it is deleted on its own.
 */
export function overwriteCommands(emu: Emulator, app: Application, guildId: string | null, list: CommandFields[]): ApplicationCommand[] {
  for (let i = 0; i < list.length; i++) {
    if (list.slice(0, i).some((c) => sameSlot(c, list[i]))) {
      throw new ApiError(400, 50035, 'Invalid Form Body', { [i]: { name: { _errors: [{ code: 'APPLICATION_COMMANDS_DUPLICATE_NAME', message: `Application command names must be unique per type (${list[i].name}).` }] } } });
    }
  }
  checkLimits(list, guildId);
  const existing = commandsOf(emu, app.id, guildId);
  const entryPoint = existing.find((c) => c.type === CommandType.PRIMARY_ENTRY_POINT);
  if (entryPoint && !list.some((c) => c.type === CommandType.PRIMARY_ENTRY_POINT)) {
    throw new ApiError(400, 50240, 'You cannot remove this app\'s Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.');
  }
  for (const command of existing) emu.state.applicationCommands.delete(command.id);
  const result = list.map((fields) => {
    const previous = existing.find((c) => sameSlot(c, fields));
    const command: ApplicationCommand = { ...fields, id: previous?.id ?? emu.ids.next(), applicationId: app.id, guildId, version: emu.ids.next() };
    emu.state.applicationCommands.set(command.id, command);
    return command;
  });
  emu.changed();
  return result;
}

/**
 * Activities on or off for an application. Turning them on makes the default entry point
 * command "Launch" (handled by the service) when the application has none; it can then be
 * renamed, changed or deleted like any command.
 */
export function setActivitiesEnabled(emu: Emulator, app: Application, enabled: boolean): ApplicationCommand | null {
  const was = app.activitiesEnabled === true;
  app.activitiesEnabled = enabled;
  emu.changed();
  if (!enabled || was) return null;
  if (commandsOf(emu, app.id, null).some((c) => c.type === CommandType.PRIMARY_ENTRY_POINT)) return null;
  return upsertCommand(emu, app, null, {
    type: CommandType.PRIMARY_ENTRY_POINT,
    name: DEFAULT_ENTRY_POINT_NAME,
    nameLocalizations: null,
    description: 'Launch an activity',
    descriptionLocalizations: null,
    options: [],
    defaultMemberPermissions: null,
    nsfw: false,
    integrationTypes: [IntegrationType.GUILD_INSTALL, IntegrationType.USER_INSTALL],
    contexts: [InteractionContext.GUILD, InteractionContext.BOT_DM, InteractionContext.PRIVATE_CHANNEL],
    handler: EntryPointHandler.SERVICE_LAUNCH_ACTIVITY,
  }).command;
}
