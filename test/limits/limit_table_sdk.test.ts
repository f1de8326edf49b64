// The limits table (limit_table.ts) against the SDK, on its two paths: the native client's method
// called directly (the addon's argument check, then the core's) and the same method through the
// TypeScript façade. A client is connected to the emulator, so an accepted value goes on to the
// service; a refused one is a TypeError / RangeError thrown at the call or a ValidationError
// answered, names the argument and the rule's number, and sends no request at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Activity,
  ActivityAssets,
  ActivityButton,
  ActivityParty,
  ActivitySecrets,
  AuthorizationTokenType,
  Call,
  Client,
  ErrorType,
  SdkError,
  VADThresholdSettings,
} from '../../lib/index';
import { Limits } from '../../lib/limits.generated';
import type { NativeClient } from '../../lib/sdk/native_client';
import { SEED } from '../emulator/helpers/harness';
import { readyClient, startHarness, type Harness } from '../e2e/helpers';
import { limitTable, rowsOn, type LimitCase, type LimitName } from './limit_table';

let h: Harness;
let client: Client;
let provisional: Client;
let lobbyId = 0n;
let requests = 0;
let serial = 0;
const realFetch = globalThis.fetch;

interface Verdict {
  accepted: boolean;
  detail: string;
  requests: number;
}

interface Probe {
  label: string;
  /** The argument's name as the refusal says it. */
  argument: string;
  run: (c: LimitCase) => Promise<Verdict>;
}

interface Result {
  Type(): number;
  Error(): string;
  Successful(): boolean;
}

const nativeOf = (c: Client) => (c as unknown as { native: NativeClient }).native;

/** A call that answers through a callback whose first argument is the result (the native client). */
async function throughAddon(run: (cb: (result: Result) => void) => void): Promise<Verdict> {
  requests = 0;
  try {
    const result = await new Promise<Result>((resolve) => run(resolve));
    const refused = result.Type() === ErrorType.ValidationError;
    return { accepted: !refused, detail: `answered ${result.Error()}`, requests };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return { accepted: false, detail: `threw ${error.message}`, requests };
    throw error;
  }
}

/** A call through the façade: a Promise, or a synchronous setter. */
async function throughFacade(run: () => unknown): Promise<Verdict> {
  requests = 0;
  try {
    await run();
    return { accepted: true, detail: 'answered successfully', requests };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return { accepted: false, detail: `threw ${error.message}`, requests };
    if (error instanceof SdkError) {
      const refused = error.result.Type() === ErrorType.ValidationError;
      return { accepted: !refused, detail: `answered ${error.result.Error()}`, requests };
    }
    throw error;
  }
}

const text = (c: LimitCase) => c.value as string;
const record = (c: LimitCase) => c.value as Record<string, string>;
const num = (c: LimitCase) => c.value as number;

/** A URL of as many code points as the case's text. */
function asUrl(value: string): string {
  const chars = [...value];
  const prefix = 'https://e/';
  return chars.length <= prefix.length ? value : prefix + chars.slice(prefix.length).join('');
}

/** An activity whose one field is set to the case's text (the rest valid and short). */
type ActivityField = (activity: Activity, value: string) => void;
const withAssets = (set: (assets: ActivityAssets, value: string) => void): ActivityField => (activity, value) => {
  const assets = new ActivityAssets();
  set(assets, value);
  activity.SetAssets(assets);
};
const TEXT_FIELDS: Record<string, ActivityField> = {
  Name: (a, v) => a.SetName(v),
  State: (a, v) => a.SetState(v),
  Details: (a, v) => a.SetDetails(v),
  'Assets.LargeText': withAssets((s, v) => s.SetLargeText(v)),
  'Assets.SmallText': withAssets((s, v) => s.SetSmallText(v)),
  'Party.Id': (a, v) => {
    const party = new ActivityParty();
    party.SetId(v);
    party.SetCurrentSize(1);
    party.SetMaxSize(2);
    a.SetParty(party);
  },
  'Secrets.Join': (a, v) => {
    const secrets = new ActivitySecrets();
    secrets.SetJoin(v);
    a.SetSecrets(secrets);
  },
  'Buttons[0].Label': (a, v) => {
    const button = new ActivityButton();
    button.SetLabel(v);
    button.SetUrl('https://example.com/');
    a.AddButton(button);
  },
};
const URL_FIELDS: Record<string, ActivityField> = {
  StateUrl: (a, v) => a.SetStateUrl(asUrl(v)),
  DetailsUrl: (a, v) => a.SetDetailsUrl(asUrl(v)),
  'Assets.LargeImage': withAssets((s, v) => s.SetLargeImage(v)),
  'Assets.SmallImage': withAssets((s, v) => s.SetSmallImage(v)),
  'Assets.LargeUrl': withAssets((s, v) => s.SetLargeUrl(asUrl(v))),
  'Assets.SmallUrl': withAssets((s, v) => s.SetSmallUrl(asUrl(v))),
  'Assets.InviteCoverImage': withAssets((s, v) => s.SetInviteCoverImage(v)),
  'Buttons[0].Url': (a, v) => {
    const button = new ActivityButton();
    button.SetLabel('Open');
    button.SetUrl(asUrl(v));
    a.AddButton(button);
  },
};

function activityWith(field: ActivityField, value: string): Activity {
  const activity = new Activity();
  activity.SetName('Table');
  field(activity, value);
  return activity;
}

/** The same method through the addon and through the façade: two probes. */
interface Pair {
  addon: Probe[];
  facade: Probe[];
}

function pair(label: string, argument: string, addon: (c: LimitCase, cb: (result: Result) => void) => void, facade: (c: LimitCase) => unknown): Pair {
  return {
    addon: [{ label, argument, run: (c) => throughAddon((cb) => addon(c, cb)) }],
    facade: [{ label, argument, run: (c) => throughFacade(() => facade(c)) }],
  };
}

function join(...pairs: Pair[]): Pair {
  return { addon: pairs.flatMap((p) => p.addon), facade: pairs.flatMap((p) => p.facade) };
}

/** A synchronous setter that throws on a refused value (the façade's value classes). */
function setter(label: string, argument: string, set: (c: LimitCase) => void): Probe {
  return { label, argument, run: (c) => throughFacade(() => set(c)) };
}

const n = () => nativeOf(client);

function activityPairs(fields: Record<string, ActivityField>): Pair {
  return join(
    ...Object.entries(fields).map(([field, set]) =>
      pair(`UpdateRichPresence Activity.${field}`, field.split('.').pop()!.replace(/\[0\]/, ''), (c, cb) => n().UpdateRichPresence(activityWith(set, text(c)), cb), (c) => client.UpdateRichPresence(activityWith(set, text(c)))),
    ),
  );
}

function usernamePairs(): Pair {
  return join(
    pair('SendServiceFriendRequest', 'username', (c, cb) => n().SendServiceFriendRequest(text(c), cb), (c) => client.SendServiceFriendRequest(text(c))),
    pair('SendGameFriendRequest', 'username', (c, cb) => n().SendGameFriendRequest(text(c), cb), (c) => client.SendGameFriendRequest(text(c))),
  );
}

const devicePairs = (): Pair => ({
  addon: [
    { label: 'SetInputVolume', argument: 'inputVolume', run: (c) => throughFacade(() => n().SetInputVolume(num(c))) },
    { label: 'SetOutputVolume', argument: 'outputVolume', run: (c) => throughFacade(() => n().SetOutputVolume(num(c))) },
  ],
  facade: [setter('SetInputVolume', 'inputVolume', (c) => client.SetInputVolume(num(c))), setter('SetOutputVolume', 'outputVolume', (c) => client.SetOutputVolume(num(c)))],
});

const noAudioPairs = (): Pair => ({
  addon: [{ label: 'SetNoAudioInputThreshold', argument: 'dBFS', run: (c) => throughFacade(() => n().SetNoAudioInputThreshold(num(c))) }],
  facade: [setter('SetNoAudioInputThreshold', 'dBFS', (c) => client.SetNoAudioInputThreshold(num(c)))],
});

// Call and VADThresholdSettings have no native entry point of their own besides the façade
// class (its methods are the addon's): their rows list the façade path only.
const vadProbes = (): Probe[] => [
  setter('Call.SetVADThreshold', 'threshold', (c) => Call.nullobj.SetVADThreshold(false, num(c))),
  setter('VADThresholdSettings.SetVadThreshold', 'vadThreshold', (c) => new VADThresholdSettings().SetVadThreshold(num(c))),
];

const probes: Partial<Record<LimitName, Pair>> = {
  MaxMessageContentCodePoints: join(
    pair('SendLobbyMessage', 'content', (c, cb) => n().SendLobbyMessage(lobbyId, text(c), cb), (c) => client.SendLobbyMessage(lobbyId, text(c))),
    pair('SendUserMessage', 'content', (c, cb) => n().SendUserMessage(SEED.users.alice, text(c), cb), (c) => client.SendUserMessage(BigInt(SEED.users.alice), text(c))),
  ),
  MaxLobbySecretCodePoints: pair('CreateOrJoinLobby', 'secret', (c, cb) => n().CreateOrJoinLobby(text(c), cb), (c) => client.CreateOrJoinLobby(text(c))),
  MaxMetadataCodePoints: join(
    pair('CreateOrJoinLobbyWithMetadata lobbyMetadata', 'lobbyMetadata', (c, cb) => n().CreateOrJoinLobbyWithMetadata(`md-${++serial}`, record(c), {}, cb), (c) => client.CreateOrJoinLobbyWithMetadata(`md-${++serial}`, record(c), {})),
    pair('CreateOrJoinLobbyWithMetadata memberMetadata', 'memberMetadata', (c, cb) => n().CreateOrJoinLobbyWithMetadata(`md-${++serial}`, {}, record(c), cb), (c) => client.CreateOrJoinLobbyWithMetadata(`md-${++serial}`, {}, record(c))),
    pair('SendLobbyMessageWithMetadata', 'metadata', (c, cb) => n().SendLobbyMessageWithMetadata(lobbyId, 'x', record(c), cb), (c) => client.SendLobbyMessageWithMetadata(lobbyId, 'x', record(c))),
  ),
  MaxHistoryMessagesCount: join(
    pair('GetLobbyMessagesWithLimit', 'limit', (c, cb) => n().GetLobbyMessagesWithLimit(lobbyId, num(c), (result) => cb(result as unknown as Result)), (c) => client.GetLobbyMessagesWithLimit(lobbyId, num(c))),
    pair('GetUserMessagesWithLimit', 'limit', (c, cb) => n().GetUserMessagesWithLimit(SEED.users.alice, num(c), (result) => cb(result as unknown as Result)), (c) => client.GetUserMessagesWithLimit(BigInt(SEED.users.alice), num(c))),
  ),
  MaxActivityTextCodePoints: activityPairs(TEXT_FIELDS),
  MaxActivityUrlCodePoints: activityPairs(URL_FIELDS),
  MinVadThresholdDb: { addon: [], facade: vadProbes() },
  MaxVadThresholdDb: { addon: [], facade: vadProbes() },
  MaxPttReleaseDelayMs: { addon: [], facade: [setter('Call.SetPTTReleaseDelay', 'releaseDelayMs', (c) => Call.nullobj.SetPTTReleaseDelay(num(c)))] },
  MaxParticipantVolume: { addon: [], facade: [setter('Call.SetParticipantVolume', 'volume', (c) => Call.nullobj.SetParticipantVolume(1n, num(c)))] },
  MaxDeviceVolume: devicePairs(),
  MinNoAudioInputThresholdDbfs: noAudioPairs(),
  MaxNoAudioInputThresholdDbfs: noAudioPairs(),
  MinUsernameCodePoints: usernamePairs(),
  MaxUsernameCodePoints: usernamePairs(),
  MaxDisplayNameCodePoints: pair(
    'UpdateProvisionalAccountDisplayName',
    'name',
    (c, cb) => nativeOf(provisional).UpdateProvisionalAccountDisplayName(text(c), cb as never),
    (c) => provisional.UpdateProvisionalAccountDisplayName(text(c)),
  ),
  MaxActivityInviteContentCodePoints: invitePair(),
};

/** An invite needs a party and a join secret to invite to: the presence shows one before each case. */
function invitePair(): Pair {
  const showParty = async () => {
    const party = activityWith(TEXT_FIELDS['Party.Id'], 'party-1');
    TEXT_FIELDS['Secrets.Join'](party, 'join-1');
    await client.UpdateRichPresence(party);
  };
  return {
    addon: [{ label: 'SendActivityInvite', argument: 'content', run: async (c) => (await showParty(), throughAddon((cb) => n().SendActivityInvite(SEED.users.alice, text(c), cb))) }],
    facade: [{ label: 'SendActivityInvite', argument: 'content', run: async (c) => (await showParty(), throughFacade(() => client.SendActivityInvite(BigInt(SEED.users.alice), text(c)))) }],
  };
}

beforeAll(async () => {
  h = await startHarness();
  h.emu.control.setRateLimits(false);
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    requests++;
    return realFetch(...args);
  };
  client = await readyClient(h, SEED.users.nelly);
  ({ lobbyId } = await client.CreateOrJoinLobby('limit-table-sdk'));
  // Only a provisional account renames itself: a second client with such a token.
  const issued = await realFetch(`${h.emu.apiBase}/partner-sdk/token/bot`, {
    method: 'POST',
    headers: { authorization: `Bot ${h.emu.application.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ external_user_id: 'limit-table-provisional' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  h.watch.remember(issued.access_token);
  provisional = h.newClient();
  await provisional.UpdateToken(AuthorizationTokenType.Bearer, issued.access_token);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await h?.close();
});

for (const path of ['addon', 'facade'] as const) {
  describe(`the limits table on the SDK's ${path} path`, () => {
    it('has a probe for every row the table puts on this path, and none for another', () => {
      const rows = Object.entries(probes).filter(([, p]) => p![path].length > 0).map(([name]) => name);
      expect(rows.sort()).toEqual(rowsOn(path).sort());
    });

    for (const name of rowsOn(path)) {
      const entry = limitTable[name];
      if (entry.kind !== 'rule') continue;
      for (const probe of probes[name]?.[path] ?? []) {
        for (const c of entry.cases) {
          it(`${name} — ${probe.label}: ${c.name} is ${c.accepted ? 'accepted' : 'refused'}`, async () => {
            const verdict = await probe.run(c);
            expect(verdict.accepted, verdict.detail).toBe(c.accepted);
            if (!c.accepted) {
              expect(verdict.detail, 'the refusal names the argument').toContain(probe.argument);
              expect(verdict.detail, 'the refusal says the rule').toContain(String(Limits[name]));
              expect(verdict.requests, `a refused value reached the service (${verdict.detail})`).toBe(0);
            }
          });
        }
      }
    }
  });
}
