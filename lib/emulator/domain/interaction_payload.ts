// The interaction payload as the app receives it (the public API's shape): who (member in a
// guild, user in a DM), where (partial channel, guild), the installs, app_permissions (always),
// locale, entitlements, context and attachment_size_limit; and a command's data: its options
// checked against the command's definitions, with resolved users, members, roles and channels
// (a resolved channel's app_permissions only when the app's bot is in the guild).
import type { Emulator } from '../emulator';
import { Errors } from './errors';
import type { Application, ApplicationCommand, User } from '../model/types';
import { userJson } from './accounts';
import { findChannel } from './channels';
import { optionDefinition, OptionType } from './command_options';
import { fileTypeAllowed } from './file_types';
import { memberFields, roleJson } from './guilds';
import { appPermissions, attachmentSizeLimit, botInGuild, userPermissions, type Place } from './interaction_context';
import { activeEntitlementsOf } from './entitlements';
import { channelPermissions } from './permissions';

/** The emulator has no per-user or per-guild locales: everyone speaks the public API's default. */
export const DEFAULT_LOCALE = 'en-US';

export interface PayloadBase {
  id: string;
  token: string;
  type: number;
  app: Application;
  user: User;
  place: Place;
  owners: Record<string, string>;
}

export function interactionPayload(emu: Emulator, base: PayloadBase, extra: Record<string, unknown>): Record<string, unknown> {
  const { app, user, place } = base;
  const payload: Record<string, unknown> = {
    id: base.id,
    application_id: app.id,
    type: base.type,
    ...extra,
    channel: channelPartial(emu, base),
    channel_id: place.channelId,
    token: base.token,
    version: 1,
    app_permissions: appPermissions(app, place).toString(),
    locale: DEFAULT_LOCALE,
    entitlements: activeEntitlementsOf(emu, app.id, user.id),
    authorizing_integration_owners: base.owners,
    context: place.context,
    attachment_size_limit: attachmentSizeLimit(user, emu.now()),
  };
  if (place.guild) {
    const member = place.guild.members.find((m) => m.userId === user.id)!;
    payload.guild_id = place.guild.id;
    payload.guild = { id: place.guild.id, locale: DEFAULT_LOCALE, features: place.guild.features };
    payload.guild_locale = DEFAULT_LOCALE;
    payload.member = { ...memberFields(emu, member), user: userJson(user, app), permissions: userPermissions(place, user.id).toString() };
  } else {
    payload.user = userJson(user, app);
  }
  return payload;
}

function channelPartial(emu: Emulator, base: PayloadBase): Record<string, unknown> {
  const { place, user, app } = base;
  if (place.guild && place.channel) {
    const c = place.channel;
    return { id: c.id, type: c.type, guild_id: place.guild.id, name: c.name, parent_id: c.parentId, position: c.position, topic: c.topic, nsfw: c.nsfw, flags: 0, permissions: userPermissions(place, user.id).toString() };
  }
  const other = place.dm!.userIds[0] === user.id ? place.dm!.userIds[1] : place.dm!.userIds[0];
  const recipient = emu.user(other);
  return { id: place.channelId, type: 1, flags: 0, recipients: recipient ? [userJson(recipient, app)] : [] };
}

/**
 * An attachment a person uploaded into an interaction (the emulator keeps no bytes of it: its URLs
 * are on `.invalid` hosts and serve nothing).
 */
export function personUploadJson(id: string, filename: string, size: number, contentType?: string): Record<string, unknown> {
  const name = encodeURIComponent(filename);
  return { id, filename, size, url: `https://cdn.invalid/ephemeral-attachments/${id}/${name}`, proxy_url: `https://media.invalid/ephemeral-attachments/${id}/${name}`, content_type: contentType, ephemeral: true };
}

/** resolved.* for the ids an interaction names (users, members, roles, channels). */
export class Resolved {
  readonly users: Record<string, unknown> = {};
  readonly members: Record<string, unknown> = {};
  readonly roles: Record<string, unknown> = {};
  readonly channels: Record<string, unknown> = {};
  readonly messages: Record<string, unknown> = {};
  readonly attachments: Record<string, unknown> = {};

  constructor(
    private readonly emu: Emulator,
    private readonly app: Application,
    private readonly place: Place,
    /** The invoking user, whose permissions resolved channels carry. */
    private readonly userId: string,
  ) {}

  user(id: string): boolean {
    const user = this.emu.user(id);
    if (!user) return false;
    this.users[id] = userJson(user, this.app);
    const member = this.place.guild?.members.find((m) => m.userId === id);
    if (member && this.place.guild && this.place.channel) {
      const { user: _user, ...fields } = memberFields(this.emu, member);
      this.members[id] = { ...fields, permissions: channelPermissions(this.place.guild, this.place.channel, id).toString() };
    }
    return true;
  }

  role(id: string): boolean {
    const role = this.place.guild?.roles.find((r) => r.id === id);
    if (!role) return false;
    this.roles[id] = roleJson(role);
    return true;
  }

  channel(id: string): boolean {
    const found = findChannel(this.emu, id);
    if (!found || found.guild.id !== this.place.guild?.id) return false;
    const c = found.channel;
    const json: Record<string, unknown> = { id: c.id, type: c.type, name: c.name, parent_id: c.parentId, permissions: channelPermissions(found.guild, c, this.userId).toString() };
    // The spec: the bot's permissions there, only when the app's bot user is in the guild.
    if (botInGuild(this.app, found.guild)) json.app_permissions = channelPermissions(found.guild, c, this.app.botUserId).toString();
    this.channels[id] = json;
    return true;
  }

  /** A file the person gives (ATTACHMENT options, modal File Uploads): resolved.attachments[id]; undefined when it is not a file within the user's limit. */
  upload(file: unknown): string | undefined {
    const f = file as { filename?: unknown; size?: unknown; contentType?: unknown } | null;
    if (typeof f?.filename !== 'string' || !f.filename || f.filename.length > 1024 || !Number.isSafeInteger(f.size) || (f.size as number) < 0) return undefined;
    const user = this.emu.user(this.userId);
    if (!user || (f.size as number) > attachmentSizeLimit(user, this.emu.now())) return undefined;
    const id = this.emu.ids.next();
    this.attachments[id] = personUploadJson(id, f.filename, f.size as number, typeof f.contentType === 'string' ? f.contentType : undefined);
    return id;
  }

  json(): Record<string, unknown> | undefined {
    const out: Record<string, unknown> = {};
    for (const key of ['users', 'members', 'roles', 'channels', 'messages', 'attachments'] as const) {
      if (Object.keys(this[key]).length > 0) out[key] = this[key];
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
}

const invalidOption = (path: string, message: string) => Errors.invalidForm({ [path]: [{ code: 'APPLICATION_COMMAND_OPTION_INVALID', message }] });

/**
 * A CHAT_INPUT invocation's options ([{name, value}] or a subcommand's [{name, options}]),
 * checked against the command: known names, the option's type, required ones present, choices,
 * bounds, ids that exist (resolved). `focused` marks the one being autocompleted.
 */
export function invocationOptions(command: ApplicationCommand, given: unknown, resolved: Resolved): { options: Array<Record<string, unknown>>; focused: boolean } {
  let focused = false;
  const walk = (definitions: Array<Record<string, unknown>>, raw: unknown, path: string): Array<Record<string, unknown>> => {
    if (raw !== undefined && !Array.isArray(raw)) throw invalidOption(path, 'options must be a list');
    const list = (raw ?? []) as Array<Record<string, unknown>>;
    const out: Array<Record<string, unknown>> = [];
    const seen = new Set<unknown>();
    list.forEach((item, index) => {
      const at = `${path}.${index}`;
      if (typeof item !== 'object' || item === null) throw invalidOption(at, 'an option is an object');
      const definition = optionDefinition(definitions, item.name);
      if (!definition) throw invalidOption(`${at}.name`, `the command has no option ${String(item.name).slice(0, 32)}`);
      if (seen.has(item.name)) throw invalidOption(`${at}.name`, 'an option is given once');
      seen.add(item.name);
      const type = definition.type as number;
      if (type === OptionType.SUB_COMMAND || type === OptionType.SUB_COMMAND_GROUP) {
        if (list.length !== 1) throw invalidOption(path, 'a subcommand is given alone');
        out.push({ name: definition.name, type, options: walk((definition.options as Array<Record<string, unknown>>) ?? [], item.options, `${at}.options`) });
        return;
      }
      const isFocused = item.focused === true;
      if (isFocused) {
        if (focused || !definition.autocomplete) throw invalidOption(`${at}.focused`, 'only one autocomplete option is focused');
        focused = true;
      }
      const value = checkValue(definition, item.value, `${at}.value`, resolved, isFocused);
      out.push(isFocused ? { name: definition.name, type, value, focused: true } : { name: definition.name, type, value });
    });
    const isSubLevel = definitions.some((d) => d.type === OptionType.SUB_COMMAND || d.type === OptionType.SUB_COMMAND_GROUP);
    if (isSubLevel && out.length === 0) throw invalidOption(path, 'a subcommand is required');
    for (const definition of definitions) {
      if (definition.required && !seen.has(definition.name) && !focused) throw invalidOption(path, `option ${String(definition.name)} is required`);
    }
    return out;
  };
  return { options: walk(command.options, given, 'options'), focused };
}

function checkValue(definition: Record<string, unknown>, value: unknown, path: string, resolved: Resolved, focused: boolean): unknown {
  const type = definition.type as number;
  const fail = (message: string) => invalidOption(path, message);
  switch (type) {
    case OptionType.STRING: {
      if (typeof value !== 'string') throw fail('a string is required');
      if (focused) return value; // a partial value being typed
      const length = [...value].length;
      if (length > ((definition.max_length as number) ?? 6000) || length < ((definition.min_length as number) ?? 0)) throw fail('the string is out of bounds');
      break;
    }
    case OptionType.INTEGER:
    case OptionType.NUMBER: {
      if (focused && typeof value === 'string') return value;
      if (typeof value !== 'number' || !Number.isFinite(value) || (type === OptionType.INTEGER && !Number.isInteger(value))) throw fail('a number of the option type is required');
      if ((definition.min_value !== undefined && value < (definition.min_value as number)) || (definition.max_value !== undefined && value > (definition.max_value as number))) throw fail('the number is out of bounds');
      break;
    }
    case OptionType.BOOLEAN:
      if (typeof value !== 'boolean') throw fail('a boolean is required');
      break;
    case OptionType.USER:
      if (typeof value !== 'string' || !resolved.user(value)) throw fail('an existing user id is required');
      break;
    case OptionType.ROLE:
      if (typeof value !== 'string' || !resolved.role(value)) throw fail('a role of the guild is required');
      break;
    case OptionType.MENTIONABLE:
      if (typeof value !== 'string' || !(resolved.role(value) || resolved.user(value))) throw fail('a user or a role of the guild is required');
      break;
    case OptionType.CHANNEL:
      if (typeof value !== 'string' || !resolved.channel(value)) throw fail('a channel of the guild is required');
      break;
    default: {
      // ATTACHMENT: the person's file as {filename, size, contentType?}; the value is its attachment id.
      // An option with file_types takes only files of those types.
      const file = value as { filename?: unknown; contentType?: unknown } | null;
      const types = definition.file_types as string[] | undefined;
      if (types && typeof file?.filename === 'string' && !fileTypeAllowed(types, file.filename, typeof file.contentType === 'string' ? file.contentType : undefined)) {
        throw fail(`the file is not of the option's types (${types.join(', ')})`);
      }
      const id = resolved.upload(value);
      if (id === undefined) throw fail('a file {filename, size} within the upload limit is required');
      return id;
    }
  }
  const choices = definition.choices as Array<{ value: unknown }> | undefined;
  if (choices && choices.length > 0 && !choices.some((c) => c.value === value)) throw fail('the value is not one of the choices');
  return value;
}
