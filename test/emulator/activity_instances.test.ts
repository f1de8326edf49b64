// Embedded activity instances as the chat client runs them (domain/activity_instances.ts): the
// launch of an entry point makes one with its launcher as participant; people join and leave;
// authorize is a participant's consent and gives a code the app's backend redeems with its client
// secret; authenticate takes only a live token of the app; shareLink keeps custom_id on the link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, start, type Started } from './helpers';

describe('activity instances', () => {
  let s: Started;
  let instanceId: string;
  let channelId: string;

  beforeAll(async () => {
    s = await start();
    s.emu.control.setRateLimits(false);
    s.emu.control.setActivitiesEnabled(true);
    channelId = s.emu.control.createGuild('Activity Night', [SEED.users.nelly, SEED.users.alice, SEED.users.bob]).channelIds[0];
    const launched = await s.emu.control.invokeCommand({ userId: SEED.users.nelly, channelId, name: 'Launch', type: 4 });
    instanceId = String(s.emu.control.interactionResult(launched.id).activityInstanceId);
  });
  afterAll(async () => {
    await s.emu.close();
  });

  it('a launch makes an instance whose first participant is the launcher; people join and leave', async () => {
    const instance = s.emu.control.activityInstance(instanceId);
    expect(instance).toMatchObject({ id: instanceId, applicationId: SEED.applicationId, channelId, launchedBy: SEED.users.nelly });
    expect(instance.participants.map((p) => p.id)).toEqual([SEED.users.nelly]);
    expect(s.emu.control.joinActivityInstance(instanceId, SEED.users.alice).participants.map((p) => p.id)).toEqual([SEED.users.nelly, SEED.users.alice]);
    expect(s.emu.control.joinActivityInstance(instanceId, SEED.users.alice).participants.length).toBe(2);
    expect(s.emu.control.leaveActivityInstance(instanceId, SEED.users.alice).participants.map((p) => p.id)).toEqual([SEED.users.nelly]);
    expect((await s.api.control('activityInstance', { instanceId: '1' })).status).toBe(404);
    expect((await s.api.control('joinActivityInstance', { instanceId })).status).toBe(400);
  });

  it("authorize: a participant's code, redeemed with the client secret (not without), once", async () => {
    const { code } = s.emu.control.authorizeActivity(instanceId, SEED.users.nelly, ['identify']);
    const exchange = (extra: Record<string, string>) => s.api.form('/oauth2/token', { grant_type: 'authorization_code', code, client_id: SEED.applicationId, ...extra });
    expect((await exchange({})).status).toBe(401);
    const token = await exchange({ client_secret: s.emu.application.clientSecret });
    expect(token.status).toBe(200);
    expect(token.body.scope.split(' ')).toContain('identify');
    expect((await exchange({ client_secret: s.emu.application.clientSecret })).status).toBe(400); // single use
    const me = await s.api.get('/users/@me', `Bearer ${token.body.access_token}`);
    expect(me.body.id).toBe(SEED.users.nelly);
    const authenticated = s.emu.control.authenticateActivity(SEED.applicationId, token.body.access_token);
    expect(authenticated).toMatchObject({ access_token: token.body.access_token, user: { id: SEED.users.nelly }, application: { id: SEED.applicationId } });
  });

  it('authorize refuses a person who is not a participant and a scope that does not exist', async () => {
    expect((await s.api.control('authorizeActivity', { instanceId, userId: SEED.users.bob, scope: 'identify' })).status).toBe(403);
    expect((await s.api.control('authorizeActivity', { instanceId, userId: SEED.users.nelly, scope: 'nope' })).status).toBe(400);
    expect((await s.api.control('authorizeActivity', { instanceId, userId: SEED.users.nelly })).status).toBe(400);
  });

  it("authenticate takes only a live access token of the instance's application (one 401 whatever is wrong)", async () => {
    const childToken = s.emu.control.issueToken(SEED.users.nelly, ['identify']).accessToken;
    for (const [applicationId, accessToken] of [[SEED.applicationId, 'nope'], [SEED.childApplicationId, childToken]]) {
      const reply = await s.api.control('authenticateActivity', { applicationId, accessToken });
      expect(reply.status).toBe(401);
      expect(reply.text).not.toContain(accessToken);
    }
  });

  it('shareLink: custom_id rides on the link; the dashboard state lists it', async () => {
    const shared = s.emu.control.shareActivityLink(instanceId, SEED.users.nelly, 'Join my run', 'lobby 7');
    expect(shared.success).toBe(true);
    expect(shared.link).toBe(`${s.emu.webBase}/activities/${SEED.applicationId}?custom_id=lobby%207`);
    expect((await s.api.control('shareActivityLink', { instanceId, userId: SEED.users.nelly, message: '' })).status).toBe(400);
    const state = (await s.api.web('GET', '/_sdkpp/dashboard/state')).body;
    const listed = state.activities.find((a: { id: string }) => a.id === instanceId);
    expect(listed.sharedLinks[0]).toMatchObject({ message: 'Join my run', customId: 'lobby 7' });
    expect(state.applications.find((a: { id: string }) => a.id === SEED.applicationId)).toMatchObject({ activitiesEnabled: true, entryPoint: 'Launch' });
  });
});
