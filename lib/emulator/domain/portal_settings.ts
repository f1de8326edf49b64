// The developer portal's settings the spec names, which the public API's Application object has
// no field for (or, for the cover image, only an image upload): the social SDK terms (accepted,
// relationships.read may be granted: auth/scopes), the invite cover image (the fallback of an
// invite's activity when it has no assets.invite_cover_image) and the Private Channel
// Obfuscation toggle (the bot is obfuscated as with Identify's capability 1 << 15). The control
// API sets them; an application starts with none (older data files lack the fields).
import type { Emulator } from '../emulator';
import type { Application } from '../model/types';
import { Limits } from './limits';
import { Validator } from './validate';

/** The developer portal's settings of an application (the control API's setApplicationSettings). */
export interface PortalSettings {
  /** The social SDK terms accepted: `relationships.read` may be requested (before: invalid_scope). */
  socialSdkTermsAccepted: boolean;
  /** A URL or asset key, as the SDK's ActivityAssets.InviteCoverImage; null: none. */
  inviteCoverImage: string | null;
  /** The Private Channel Obfuscation toggle: the bot is obfuscated from its next Identify, capability 1 << 15 or not. */
  privateChannelObfuscation: boolean;
}

const FIELDS: ReadonlyArray<keyof PortalSettings> = ['socialSdkTermsAccepted', 'inviteCoverImage', 'privateChannelObfuscation'];

export function portalSettings(app: Application): PortalSettings {
  return {
    socialSdkTermsAccepted: app.socialSdkTermsAccepted === true,
    inviteCoverImage: app.inviteCoverImage ?? null,
    privateChannelObfuscation: app.privateChannelObfuscation === true,
  };
}

/** The cover image's bound: the same as the activity's own invite_cover_image (limits.h). */
export const MAX_INVITE_COVER_IMAGE = Limits.MaxActivityUrlCodePoints;

/**
 * Changes the settings named in `changes` (the others stay): every field is checked before
 * anything changes (50035 naming the field); a name that is no setting is refused, not ignored,
 * since a misspelt toggle would otherwise look set.
 */
export function setPortalSettings(emu: Emulator, app: Application, changes: Record<string, unknown>): PortalSettings {
  const v = new Validator();
  const next = portalSettings(app);
  for (const key of Object.keys(changes)) {
    if (!(FIELDS as readonly string[]).includes(key)) v.fail(key, 'UNKNOWN_FIELD', `Not an application setting (${FIELDS.join(', ')}).`);
  }
  if ('socialSdkTermsAccepted' in changes) next.socialSdkTermsAccepted = v.bool('socialSdkTermsAccepted', changes.socialSdkTermsAccepted) ?? next.socialSdkTermsAccepted;
  if ('privateChannelObfuscation' in changes) next.privateChannelObfuscation = v.bool('privateChannelObfuscation', changes.privateChannelObfuscation) ?? next.privateChannelObfuscation;
  if ('inviteCoverImage' in changes) {
    const value = changes.inviteCoverImage;
    next.inviteCoverImage = value === null ? null : (v.string('inviteCoverImage', value, { min: 1, max: MAX_INVITE_COVER_IMAGE }) ?? next.inviteCoverImage);
  }
  v.check();
  app.socialSdkTermsAccepted = next.socialSdkTermsAccepted;
  app.inviteCoverImage = next.inviteCoverImage;
  app.privateChannelObfuscation = next.privateChannelObfuscation;
  emu.changed();
  return portalSettings(app);
}

/**
 * The activity an invite of `app` carries: its own assets.invite_cover_image when it has one
 * (it may differ for each invite), else the portal's cover image (spec: "the fallback").
 */
export function withInviteCover(app: Application | undefined, activity: Record<string, unknown> | null): Record<string, unknown> | null {
  const cover = app?.inviteCoverImage;
  if (!activity || !cover) return activity;
  const assets = (typeof activity.assets === 'object' && activity.assets !== null ? activity.assets : {}) as Record<string, unknown>;
  if (typeof assets.invite_cover_image === 'string' && assets.invite_cover_image !== '') return activity;
  return { ...activity, assets: { ...assets, invite_cover_image: cover } };
}
