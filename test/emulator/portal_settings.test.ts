// The developer portal's settings the spec names, through the control API (programmatic and
// HTTP): the social SDK terms, the invite cover image and the Private Channel Obfuscation
// toggle, checked before anything changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
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
