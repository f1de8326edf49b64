// The developer portal's settings the spec names, through the control API (programmatic and
// HTTP): the social SDK terms, the invite cover image and the Private Channel Obfuscation
// toggle, checked before anything changes; and the cover image through PATCH
// /applications/@me as the public API takes it (image data; the Application object's
// cover_image). What each setting does is tested where it acts: consent_scopes (terms),
// ipc (cover image on ACTIVITY_INVITE), gateway_bot (obfuscation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const NONE = { socialSdkTermsAccepted: false, inviteCoverImage: null, privateChannelObfuscation: false };

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('setApplicationSettings / applicationSettings', () => {
  it('an application starts with none; a change names only what changes', () => {
    expect(s.emu.control.applicationSettings()).toEqual(NONE);
    expect(s.emu.control.setApplicationSettings({ inviteCoverImage: 'cover-art' })).toEqual({ ...NONE, inviteCoverImage: 'cover-art' });
    expect(s.emu.control.setApplicationSettings({ privateChannelObfuscation: true })).toEqual({ ...NONE, inviteCoverImage: 'cover-art', privateChannelObfuscation: true });
    expect(s.emu.control.setApplicationSettings({ inviteCoverImage: null, privateChannelObfuscation: false })).toEqual(NONE);
  });

  it('refuses a wrong type, an empty or too long cover image and a name that is no setting, changing nothing', () => {
    for (const bad of [{ socialSdkTermsAccepted: 'yes' }, { inviteCoverImage: '' }, { inviteCoverImage: 'x'.repeat(257) }, { privateChannelObfuscaton: true }, { socialSdkTermsAccepted: true, inviteCoverImage: 5 }]) {
      expect(() => s.emu.control.setApplicationSettings(bad as never), JSON.stringify(bad)).toThrow(expect.objectContaining({ status: 400, code: 50035 }));
    }
    expect(s.emu.control.applicationSettings()).toEqual(NONE);
  });

  it('over HTTP: {settings, applicationId?}; an unknown application is 404 10002', async () => {
    const set = await api.control('setApplicationSettings', { settings: { socialSdkTermsAccepted: true } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ...NONE, socialSdkTermsAccepted: true });
    expect((await api.control('applicationSettings', { applicationId: SEED.applicationId })).body).toEqual({ ...NONE, socialSdkTermsAccepted: true });
    const bad = await api.control('setApplicationSettings', { settings: { socialSdkTermsAccepted: 1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('socialSdkTermsAccepted');
    expect((await api.control('setApplicationSettings', { settings: [] })).status).toBe(400);
    expect((await api.control('applicationSettings', { applicationId: '1234567890123456789' })).body.code).toBe(10002);
    await api.control('setApplicationSettings', { settings: { socialSdkTermsAccepted: false } });
  });
});

describe('PATCH /applications/@me cover_image', () => {
  it('takes image data (its hash becomes the cover image and the object\'s cover_image); null removes it; bad data is 50035', async () => {
    const before = await api.get('/applications/@me', api.bot);
    expect(before.body.cover_image).toBeUndefined();
    const patched = await api.patch('/applications/@me', { cover_image: `data:image/png;base64,${PNG.toString('base64')}` }, api.bot);
    expect(patched.status).toBe(200);
    expect(patched.body.cover_image).toMatch(/^[0-9a-f]{32}$/);
    expect(s.emu.control.applicationSettings().inviteCoverImage).toBe(patched.body.cover_image);
    const bad = await api.patch('/applications/@me', { cover_image: 'data:image/png;base64,AAAA', description: 'kept?' }, api.bot);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cover_image).toBeDefined();
    expect((await api.get('/applications/@me', api.bot)).body).toMatchObject({ cover_image: patched.body.cover_image, description: before.body.description });
    const removed = await api.patch('/applications/@me', { cover_image: null }, api.bot);
    expect(removed.body.cover_image).toBeUndefined();
    expect(s.emu.control.applicationSettings().inviteCoverImage).toBeNull();
  });
});
