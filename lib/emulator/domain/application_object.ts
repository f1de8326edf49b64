// The Application object (GET/PATCH /applications/@me, GET /oauth2/applications/@me and READY's
// `application`): `flags` is a 32-bit integer that request payloads keep using, `flags_new` the
// full set as a decimal string with the bits beyond 30 (spec, "Application"); new apps default
// to both installation contexts with application.commands (spec, Authentication 3); the
// user-install count appears for user-installable apps only; cover_image is the portal's invite
// cover image (domain/portal_settings).
import type { APIApplication, APIApplicationInstallParams, APIUser, ApplicationFlags, ApplicationWebhookEventType } from 'discord-api-types/v10';
import { KNOWN_SCOPES } from '../auth/scopes';
import type { Emulator } from '../emulator';
import { Validator } from './validate';
import type { Application, ApplicationSettings, InstallParams } from '../model/types';
import { WEBHOOK_EVENT_TYPES } from '../webhooks';
import { userJson } from './accounts';
import { GUILD_INSTALL, settingsOf, USER_INSTALL } from './application_defaults';
import { applicationFlags, EDITABLE_MASK, flags32, FLAGS_32_MASK } from './application_flags';
import { parseImageData } from './images';
import { verifyInteractionsEndpoint } from './interaction_endpoint';
import { readUrlMappings, urlMappingsOf, type UrlMapping } from './activity_url_mappings';

export const MAX_DESCRIPTION_LENGTH = 400;

const installParamsJson = (p: InstallParams): APIApplicationInstallParams => ({ scopes: p.scopes as APIApplicationInstallParams['scopes'], permissions: p.permissions });

/** The Application object as the public API types it (APIApplication). */
export function applicationJson(emu: Emulator, app: Application): Record<string, unknown> {
  const settings = settingsOf(app);
  const botUser = emu.user(app.botUserId);
  const owner = app.ownerId ? emu.user(app.ownerId) : undefined;
  const userInstallable = settings.integrationTypesConfig[USER_INSTALL] !== undefined;
  const config: NonNullable<APIApplication['integration_types_config']> = {};
  for (const type of [GUILD_INSTALL, USER_INSTALL] as const) {
    const context = settings.integrationTypesConfig[type];
    if (context) config[Number(type) as 0 | 1] = context.oauth2InstallParams ? { oauth2_install_params: installParamsJson(context.oauth2InstallParams) } : {};
  }
  const json = {
    id: app.id,
    name: app.name,
    icon: null,
    description: settings.description,
    bot_public: true,
    bot_require_code_grant: false,
    ...(botUser ? { bot: userJson(botUser, app) as unknown as APIUser } : {}), // userJson: the emulator's user object
    ...(owner ? { owner: userJson(owner, app) as unknown as APIUser } : {}),
    summary: '',
    verify_key: app.publicKeyHex,
    team: null,
    flags: flags32(app) as ApplicationFlags,
    flags_new: applicationFlags(app).toString(),
    approximate_guild_count: [...emu.state.guilds.values()].filter((g) => g.members.some((m) => m.userId === app.botUserId)).length,
    // The spec: present for user-installable apps; its name is not shown (the public API's).
    ...(userInstallable ? { approximate_user_install_count: userInstallCount(emu, app) } : {}),
    // The portal's invite cover image (domain/portal_settings), the public API's cover_image.
    ...(app.inviteCoverImage ? { cover_image: app.inviteCoverImage } : {}),
    redirect_uris: app.redirectUris,
    interactions_endpoint_url: settings.interactionsEndpointUrl,
    ...(settings.installParams ? { install_params: installParamsJson(settings.installParams) } : {}),
    integration_types_config: config,
    event_webhooks_url: app.eventsUrl,
    event_webhooks_status: app.eventsUrl ? 2 : 1, // ENABLED / DISABLED
    event_webhooks_types: (settings.eventWebhooksTypes ?? [...WEBHOOK_EVENT_TYPES]) as ApplicationWebhookEventType[],
  } satisfies APIApplication;
  // The activity proxy host's URL mappings: the public API's Application object has no field
  // for them, so the emulator's own name, shown only once some are set.
  const mappings = urlMappingsOf(app);
  return mappings.length > 0 ? { ...json, activity_url_mappings: mappings.map((m) => ({ ...m })) } : json;
}

/** Users who authorized the app (the emulator's approximation of its user installs). */
function userInstallCount(emu: Emulator, app: Application): number {
  let count = 0;
  for (const key of emu.state.authorizations.keys()) if (key.startsWith(`${app.id}:`)) count++;
  return count;
}

/**
 * PATCH /applications/@me: every field is checked before anything changes (50035 with the field
 * paths), and a new interactions endpoint URL must answer the service's PING first, as with
 * the control API. Unknown and read-only fields are ignored, as the public API does.
 */
export async function updateApplication(emu: Emulator, app: Application, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  let update = checkedUpdate(app, body, emu.allowRemoteActivityTargets);
  const url = update.settings.interactionsEndpointUrl;
  if (url !== null && url !== settingsOf(app).interactionsEndpointUrl) {
    await verifyInteractionsEndpoint(emu, app, url, 'interactions_endpoint_url');
    update = checkedUpdate(app, body, emu.allowRemoteActivityTargets); // on the state as it is after the wait
  }
  app.settings = update.settings;
  app.flags = update.flags;
  if (update.coverImage !== undefined) app.inviteCoverImage = update.coverImage;
  if (update.urlMappings !== undefined) app.activityUrlMappings = update.urlMappings;
  emu.changed();
  return applicationJson(emu, app);
}

function checkedUpdate(app: Application, body: Record<string, unknown>, allowRemoteActivityTargets: boolean): { settings: ApplicationSettings; flags: bigint; coverImage?: string | null; urlMappings?: UrlMapping[] } {
  const v = new Validator();
  const next: ApplicationSettings = structuredClone(settingsOf(app));
  let flags = applicationFlags(app);
  if ('description' in body) next.description = v.string('description', body.description, { max: MAX_DESCRIPTION_LENGTH }) ?? next.description;
  if ('flags' in body) {
    const value = v.int('flags', body.flags, { min: 0, max: 2 ** 31 - 1 });
    if (value !== undefined) {
      const requested = BigInt(value);
      const current = flags & FLAGS_32_MASK;
      if ((requested ^ current) & ~EDITABLE_MASK) {
        v.fail('flags', 'APPLICATION_FLAGS_INVALID', 'Only the limited gateway intent flags can be changed.');
      } else {
        // The bits past 30 are not in a 32-bit payload: they stay as they are.
        flags = (flags & ~FLAGS_32_MASK) | requested;
      }
    }
  }
  if ('interactions_endpoint_url' in body) {
    const url = body.interactions_endpoint_url;
    if (url === null || url === '') next.interactionsEndpointUrl = null;
    else {
      const text = v.string('interactions_endpoint_url', url, { max: 2048 });
      if (text !== undefined && !/^https?:\/\/[^\s]+$/.test(text)) v.fail('interactions_endpoint_url', 'URL_TYPE_INVALID_URL', 'Not a well formed URL.');
      else if (text !== undefined) next.interactionsEndpointUrl = text;
    }
  }
  if ('install_params' in body) {
    next.installParams = body.install_params === null ? null : (installParams(v, 'install_params', body.install_params) ?? next.installParams);
  }
  if ('integration_types_config' in body) {
    const config = v.object('integration_types_config', body.integration_types_config);
    if (config) {
      const contexts: ApplicationSettings['integrationTypesConfig'] = {};
      for (const [key, value] of Object.entries(config)) {
        const path = `integration_types_config.${key}`;
        if (key !== GUILD_INSTALL && key !== USER_INSTALL) {
          v.fail(path, 'ENUM_TYPE_COERCE', 'Not a valid integration type (0 guild, 1 user).');
          continue;
        }
        // null (or {}) turns the context on without default install params.
        const entry = value === null ? {} : v.object(path, value);
        if (!entry) continue;
        const params = entry.oauth2_install_params;
        contexts[key] = { oauth2InstallParams: params === undefined || params === null ? null : (installParams(v, `${path}.oauth2_install_params`, params) ?? null) };
      }
      if (Object.keys(contexts).length === 0) v.fail('integration_types_config', 'BASE_TYPE_BAD_LENGTH', 'At least one installation context is needed.');
      next.integrationTypesConfig = contexts;
    }
  }
  if ('event_webhooks_types' in body) {
    const types = body.event_webhooks_types;
    if (!Array.isArray(types)) v.fail('event_webhooks_types', 'LIST_TYPE_CONVERT', 'Must be a list.');
    else {
      types.forEach((type, i) => {
        if (!(WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(type)) v.fail(`event_webhooks_types.${i}`, 'ENUM_TYPE_COERCE', `Value "${String(type).slice(0, 40)}" is not a valid webhook event type.`);
      });
      next.eventWebhooksTypes = [...new Set(types as string[])];
    }
  }
  // cover_image: image data as the public API takes it (null removes it); the emulator keeps
  // no images, so the image's hash is what the application carries and invites fall back to.
  let coverImage: string | null | undefined;
  if ('cover_image' in body) {
    if (body.cover_image === null) coverImage = null;
    else {
      const image = parseImageData(body.cover_image);
      if ('error' in image) v.fail('cover_image', image.code, image.error);
      else coverImage = image.hash;
    }
  }
  // activity_url_mappings: the emulator's field for the activity proxy host's mappings (null or [] clears them).
  const urlMappings = 'activity_url_mappings' in body ? readUrlMappings(v, 'activity_url_mappings', body.activity_url_mappings, allowRemoteActivityTargets) : undefined;
  v.check();
  return { settings: next, flags, ...(coverImage !== undefined ? { coverImage } : {}), ...(urlMappings !== undefined ? { urlMappings } : {}) };
}

function installParams(v: Validator, path: string, value: unknown): InstallParams | undefined {
  const object = v.object(path, value);
  if (!object) return undefined;
  const scopes = object.scopes;
  let ok = true;
  if (!Array.isArray(scopes) || scopes.length === 0) {
    v.fail(`${path}.scopes`, 'LIST_TYPE_CONVERT', 'Must be a non-empty list of scopes.');
    ok = false;
  } else {
    scopes.forEach((scope, i) => {
      if (typeof scope !== 'string' || !KNOWN_SCOPES.has(scope)) {
        v.fail(`${path}.scopes.${i}`, 'ENUM_TYPE_COERCE', 'Not a valid scope.');
        ok = false;
      }
    });
  }
  const permissions = object.permissions ?? '0';
  if (typeof permissions !== 'string' || !/^\d{1,20}$/.test(permissions) || BigInt(permissions) >= 1n << 64n) {
    v.fail(`${path}.permissions`, 'NUMBER_TYPE_COERCE', 'Must be a permission bit set as a decimal string.');
    ok = false;
  }
  return ok ? { scopes: [...new Set(scopes as string[])], permissions: BigInt(permissions as string).toString() } : undefined;
}
