// The rich-presence value classes through N-API: every field round-trips, parts are deep
// copies, Equals, the two-button cap, bigint ids, and bad input refused with a named
// TypeError/RangeError that leaves the object unchanged.
import { describe, expect, it } from 'vitest';
import {
  Activity,
  ActivityActionTypes,
  ActivityAssets,
  ActivityButton,
  ActivityGamePlatforms,
  ActivityInvite,
  ActivityParty,
  ActivityPartyPrivacy,
  ActivitySecrets,
  ActivityTimestamps,
  ActivityTypes,
  AuthorizationArgs,
  StatusDisplayTypes,
} from '../../lib/index';

function button(label: string, url: string): ActivityButton {
  const b = new ActivityButton();
  b.SetLabel(label);
  b.SetUrl(url);
  return b;
}

function fullActivity(): Activity {
  const a = new Activity();
  a.SetName('Space Game');
  a.SetType(ActivityTypes.Competing);
  a.SetStatusDisplayType(StatusDisplayTypes.Details);
  a.SetState('In a match');
  a.SetStateUrl('https://example.com/state');
  a.SetDetails('Ranked');
  a.SetDetailsUrl('https://example.com/details');
  a.SetApplicationId(2n ** 64n - 1n);
  a.SetParentApplicationId('1234567890123456789');
  const assets = new ActivityAssets();
  assets.SetLargeImage('map');
  assets.SetLargeText('Map');
  assets.SetLargeUrl('https://example.com/map');
  assets.SetSmallImage('rank');
  assets.SetSmallText('Rank');
  assets.SetSmallUrl('https://example.com/rank');
  assets.SetInviteCoverImage('cover');
  a.SetAssets(assets);
  const timestamps = new ActivityTimestamps();
  timestamps.SetStart(1700000000000n);
  timestamps.SetEnd('1700000360000');
  a.SetTimestamps(timestamps);
  const party = new ActivityParty();
  party.SetId('party-1');
  party.SetCurrentSize(2);
  party.SetMaxSize(4);
  party.SetPrivacy(ActivityPartyPrivacy.Public);
  a.SetParty(party);
  const secrets = new ActivitySecrets();
  secrets.SetJoin('join-secret');
  a.SetSecrets(secrets);
  a.AddButton(button('Watch', 'https://example.com/watch'));
  a.AddButton(button('Join', 'https://example.com/join'));
  a.SetSupportedPlatforms(ActivityGamePlatforms.Desktop | ActivityGamePlatforms.PS5);
  return a;
}

describe('Activity', () => {
  it('has the defaults of the C++ class', () => {
    const a = new Activity();
    expect(a.valid).toBe(true);
    expect(a.Name()).toBe('');
    expect(a.Type()).toBe(ActivityTypes.Playing);
    expect(a.StatusDisplayType()).toBeUndefined();
    expect(a.State()).toBeUndefined();
    expect(a.StateUrl()).toBeUndefined();
    expect(a.Details()).toBeUndefined();
    expect(a.DetailsUrl()).toBeUndefined();
    expect(a.ApplicationId()).toBeUndefined();
    expect(a.ParentApplicationId()).toBeUndefined();
    expect(a.Assets()).toBeUndefined();
    expect(a.Timestamps()).toBeUndefined();
    expect(a.Party()).toBeUndefined();
    expect(a.Secrets()).toBeUndefined();
    expect(a.GetButtons()).toEqual([]);
    expect(a.SupportedPlatforms()).toBe(ActivityGamePlatforms.Desktop);
  });

  it('round-trips every field', () => {
    const a = fullActivity();
    expect(a.Name()).toBe('Space Game');
    expect(a.Type()).toBe(ActivityTypes.Competing);
    expect(a.StatusDisplayType()).toBe(StatusDisplayTypes.Details);
    expect(a.State()).toBe('In a match');
    expect(a.StateUrl()).toBe('https://example.com/state');
    expect(a.Details()).toBe('Ranked');
    expect(a.DetailsUrl()).toBe('https://example.com/details');
    expect(a.ApplicationId()).toBe(2n ** 64n - 1n);
    expect(a.ParentApplicationId()).toBe(1234567890123456789n);
    const assets = a.Assets()!;
    expect(assets).toBeInstanceOf(ActivityAssets);
    expect([
      assets.LargeImage(),
      assets.LargeText(),
      assets.LargeUrl(),
      assets.SmallImage(),
      assets.SmallText(),
      assets.SmallUrl(),
      assets.InviteCoverImage(),
    ]).toEqual(['map', 'Map', 'https://example.com/map', 'rank', 'Rank', 'https://example.com/rank', 'cover']);
    expect(a.Timestamps()!.Start()).toBe(1700000000000n);
    expect(a.Timestamps()!.End()).toBe(1700000360000n);
    const party = a.Party()!;
    expect([party.Id(), party.CurrentSize(), party.MaxSize(), party.Privacy()]).toEqual([
      'party-1',
      2,
      4,
      ActivityPartyPrivacy.Public,
    ]);
    expect(a.Secrets()!.Join()).toBe('join-secret');
    const buttons = a.GetButtons();
    expect(buttons.map((b) => [b.Label(), b.Url()])).toEqual([
      ['Watch', 'https://example.com/watch'],
      ['Join', 'https://example.com/join'],
    ]);
    expect(buttons[0]).toBeInstanceOf(ActivityButton);
    expect(a.SupportedPlatforms()).toBe(129);
  });

  it('unsets optional fields with undefined or null', () => {
    const a = fullActivity();
    a.SetStatusDisplayType(undefined);
    a.SetState(null);
    a.SetStateUrl(undefined);
    a.SetDetails(undefined);
    a.SetDetailsUrl(null);
    a.SetApplicationId(undefined);
    a.SetParentApplicationId(null);
    a.SetAssets(undefined);
    a.SetTimestamps(null);
    a.SetParty(undefined);
    a.SetSecrets(null);
    expect(a.StatusDisplayType()).toBeUndefined();
    expect(a.State()).toBeUndefined();
    expect(a.StateUrl()).toBeUndefined();
    expect(a.Details()).toBeUndefined();
    expect(a.DetailsUrl()).toBeUndefined();
    expect(a.ApplicationId()).toBeUndefined();
    expect(a.ParentApplicationId()).toBeUndefined();
    expect(a.Assets()).toBeUndefined();
    expect(a.Timestamps()).toBeUndefined();
    expect(a.Party()).toBeUndefined();
    expect(a.Secrets()).toBeUndefined();
  });

  it('parts are copied in and out (deep copies, like the C++ class)', () => {
    const a = new Activity();
    const party = new ActivityParty();
    party.SetId('first');
    a.SetParty(party);
    party.SetId('second');
    expect(a.Party()!.Id()).toBe('first');
    a.Party()!.SetId('third');
    expect(a.Party()!.Id()).toBe('first');

    const b = button('Watch', 'https://example.com/watch');
    a.AddButton(b);
    b.SetLabel('changed');
    a.GetButtons()[0].SetLabel('changed too');
    expect(a.GetButtons()[0].Label()).toBe('Watch');
  });

  it('keeps at most two buttons; a third (or an invalid one) is ignored', () => {
    const a = new Activity();
    a.AddButton(ActivityButton.nullobj);
    expect(a.GetButtons()).toHaveLength(0);
    a.AddButton(button('1', 'https://one.example'));
    a.AddButton(button('2', 'https://two.example'));
    a.AddButton(button('3', 'https://three.example'));
    expect(a.GetButtons().map((b) => b.Label())).toEqual(['1', '2']);
  });

  it('Equals compares every field', () => {
    expect(fullActivity().Equals(fullActivity())).toBe(true);
    expect(new Activity().Equals(new Activity())).toBe(true);
    expect(Activity.nullobj.Equals(Activity.nullobj)).toBe(true);
    expect(new Activity().Equals(Activity.nullobj)).toBe(false);
    const changes: Array<[string, (a: Activity) => void]> = [
      ['Name', (a) => a.SetName('other')],
      ['Type', (a) => a.SetType(ActivityTypes.Listening)],
      ['StatusDisplayType', (a) => a.SetStatusDisplayType(StatusDisplayTypes.Name)],
      ['State', (a) => a.SetState(undefined)],
      ['ApplicationId', (a) => a.SetApplicationId(1n)],
      ['ParentApplicationId', (a) => a.SetParentApplicationId(undefined)],
      [
        'Assets',
        (a) => {
          const assets = a.Assets()!;
          assets.SetSmallText('other');
          a.SetAssets(assets);
        },
      ],
      [
        'Timestamps',
        (a) => {
          const t = a.Timestamps()!;
          t.SetEnd(0n);
          a.SetTimestamps(t);
        },
      ],
      ['Party', (a) => a.SetParty(new ActivityParty())],
      ['Secrets', (a) => a.SetSecrets(new ActivitySecrets())],
      ['SupportedPlatforms', (a) => a.SetSupportedPlatforms(ActivityGamePlatforms.Desktop)],
    ];
    for (const [field, change] of changes) {
      const changed = fullActivity();
      change(changed);
      expect(changed.Equals(fullActivity()), field).toBe(false);
      expect(fullActivity().Equals(changed), field).toBe(false);
    }
    const fewerButtons = new Activity();
    fewerButtons.AddButton(button('1', 'https://one.example'));
    const moreButtons = new Activity();
    moreButtons.AddButton(button('1', 'https://one.example'));
    moreButtons.AddButton(button('2', 'https://two.example'));
    expect(fewerButtons.Equals(moreButtons)).toBe(false);
  });

  it('SupportedPlatforms takes any combination of the flags', () => {
    const a = new Activity();
    const all = Object.values(ActivityGamePlatforms).reduce((x, y) => x | y, 0);
    a.SetSupportedPlatforms(all);
    expect(a.SupportedPlatforms()).toBe(255);
    a.SetSupportedPlatforms(ActivityGamePlatforms.Xbox | ActivityGamePlatforms.PS4);
    expect(a.SupportedPlatforms()).toBe(66);
    a.SetSupportedPlatforms(0);
    expect(a.SupportedPlatforms()).toBe(0);
    for (const bad of [256, 257, -1, 1.5, 2 ** 31, Number.NaN]) {
      a.SetSupportedPlatforms(ActivityGamePlatforms.IOS);
      expect(() => a.SetSupportedPlatforms(bad)).toThrow(RangeError);
      expect(a.SupportedPlatforms()).toBe(ActivityGamePlatforms.IOS);
    }
    expect(() => a.SetSupportedPlatforms('1' as never)).toThrow(TypeError);
  });

  it('nullobj of every class is invalid, shared, read-only, and ignores setters', () => {
    const classes = [Activity, ActivityAssets, ActivityButton, ActivityInvite, ActivityParty, ActivitySecrets, ActivityTimestamps];
    for (const Class of classes) {
      expect(Class.nullobj.valid).toBe(false);
      expect(Class.nullobj).toBe(Class.nullobj);
      expect(new (Class as new () => { valid: boolean })().valid).toBe(true);
      expect(() => {
        (Class as unknown as { nullobj: unknown }).nullobj = null;
      }).toThrow(TypeError);
    }
    Activity.nullobj.SetName('ignored');
    expect(Activity.nullobj.Name()).toBe('');
    Activity.nullobj.AddButton(button('x', 'https://x.example'));
    expect(Activity.nullobj.GetButtons()).toEqual([]);
    ActivityParty.nullobj.SetMaxSize(3);
    expect(ActivityParty.nullobj.MaxSize()).toBe(0);
    ActivityTimestamps.nullobj.SetStart(5n);
    expect(ActivityTimestamps.nullobj.Start()).toBe(0n);
    ActivityInvite.nullobj.SetIsValid(true);
    expect(ActivityInvite.nullobj.IsValid()).toBe(false);
  });

  it('an invalid part can be set and reads back invalid', () => {
    const a = new Activity();
    a.SetAssets(ActivityAssets.nullobj);
    expect(a.Assets()?.valid).toBe(false);
    expect(a.Equals(new Activity())).toBe(false);
  });
});

describe('ActivityTimestamps', () => {
  it('takes milliseconds as bigint or decimal string up to 2^64 - 1', () => {
    const t = new ActivityTimestamps();
    expect(t.Start()).toBe(0n);
    expect(t.End()).toBe(0n);
    t.SetStart('18446744073709551615');
    expect(t.Start()).toBe(2n ** 64n - 1n);
    t.SetEnd(42n);
    expect(t.End()).toBe(42n);
  });
});

describe('ActivityInvite', () => {
  it('has the nine fields with getter and Set<Field>; ids are bigint', () => {
    const invite = new ActivityInvite();
    expect(invite.valid).toBe(true);
    expect([
      invite.SenderId(),
      invite.ChannelId(),
      invite.MessageId(),
      invite.Type(),
      invite.ApplicationId(),
      invite.ParentApplicationId(),
      invite.PartyId(),
      invite.SessionId(),
      invite.IsValid(),
    ]).toEqual([0n, 0n, 0n, ActivityActionTypes.Invalid, 0n, 0n, '', '', false]);
    invite.SetSenderId(1n);
    invite.SetChannelId('2');
    invite.SetMessageId(2n ** 64n - 1n);
    invite.SetType(ActivityActionTypes.JoinRequest);
    invite.SetApplicationId('4');
    invite.SetParentApplicationId(5n);
    invite.SetPartyId('party');
    invite.SetSessionId('session');
    invite.SetIsValid(true);
    expect([
      invite.SenderId(),
      invite.ChannelId(),
      invite.MessageId(),
      invite.Type(),
      invite.ApplicationId(),
      invite.ParentApplicationId(),
      invite.PartyId(),
      invite.SessionId(),
      invite.IsValid(),
    ]).toEqual([1n, 2n, 2n ** 64n - 1n, ActivityActionTypes.JoinRequest, 4n, 5n, 'party', 'session', true]);
  });
});

// --- bad input: the same contract as bad_input.test.ts, for every setter of these classes.

const huge = 'x'.repeat(10 * 1024 * 1024);
const badValues: Array<{ label: string; value: unknown }> = [
  { label: 'undefined', value: undefined },
  { label: 'null', value: null },
  { label: 'a number past 2^64', value: 2 ** 70 },
  { label: 'a bigint past 2^64', value: 2n ** 64n },
  { label: 'a decimal string past 2^64', value: '18446744073709551616' },
  { label: 'a negative number', value: -1 },
  { label: 'a negative bigint', value: -1n },
  { label: 'a negative decimal string', value: '-1' },
  { label: 'a fraction', value: 0.5 },
  { label: 'NaN', value: Number.NaN },
  { label: 'Infinity', value: Number.POSITIVE_INFINITY },
  { label: 'a number past int32', value: 2 ** 31 },
  { label: 'an unknown enum value', value: 4 },
  { label: 'an object', value: { toString: () => '1' } },
  { label: 'an array', value: ['1'] },
  { label: 'a function', value: () => '1' },
  { label: 'a symbol', value: Symbol('x') },
  { label: 'a huge string', value: huge },
  { label: 'a string with NUL', value: 'a\0b' },
  { label: 'an empty string', value: '' },
  { label: 'a hex string', value: '0x10' },
  { label: 'a boolean', value: true },
  { label: 'an object of another class', value: new AuthorizationArgs() },
  { label: 'an object with a borrowed prototype', value: Object.create(ActivityButton.prototype) },
];

const isU64 = (v: unknown) =>
  (typeof v === 'bigint' && v >= 0n && v < 2n ** 64n) ||
  (typeof v === 'string' && /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n);
const isBoundedString = (max: number) => (v: unknown) =>
  typeof v === 'string' && Buffer.byteLength(v) <= max && !v.includes('\0');
const optional = (inner: (v: unknown) => boolean) => (v: unknown) => v === undefined || v === null || inner(v);
const isEnum = (values: object) => (v: unknown) => typeof v === 'number' && Object.values(values).includes(v);
const isPartySize = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1;
const isPlatforms = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255;
const isBool = (v: unknown) => typeof v === 'boolean';
const never = () => false;

interface Target {
  method: string;
  accepts: (value: unknown) => boolean;
  call: (value: unknown) => void;
  read: () => unknown;
}

type Setters = Record<string, (v: unknown) => unknown>;

function describeActivity(a: Activity): unknown {
  return {
    fields: [a.Name(), a.Type(), a.StatusDisplayType(), a.State(), a.StateUrl(), a.Details(), a.DetailsUrl()],
    ids: [a.ApplicationId(), a.ParentApplicationId()],
    parts: [a.Assets()?.LargeText(), a.Timestamps()?.Start(), a.Party()?.Id(), a.Secrets()?.Join()],
    buttons: a.GetButtons().map((b) => b.Label()),
    platforms: a.SupportedPlatforms(),
  };
}

function targets(): Target[] {
  const list: Target[] = [];
  const add = <T extends object>(cls: string, object: T, read: () => unknown, rows: Array<[string, (v: unknown) => boolean]>) => {
    for (const [setter, accepts] of rows) {
      list.push({ method: `${cls}.${setter}`, accepts, call: (v) => (object as unknown as Setters)[setter](v), read });
    }
  };

  const activity = fullActivity();
  add('Activity', activity, () => describeActivity(activity), [
    ['AddButton', never],
    ['SetName', isBoundedString(1024)],
    ['SetType', isEnum(ActivityTypes)],
    ['SetStatusDisplayType', optional(isEnum(StatusDisplayTypes))],
    ['SetState', optional(isBoundedString(1024))],
    ['SetStateUrl', optional(isBoundedString(2048))],
    ['SetDetails', optional(isBoundedString(1024))],
    ['SetDetailsUrl', optional(isBoundedString(2048))],
    ['SetApplicationId', optional(isU64)],
    ['SetParentApplicationId', optional(isU64)],
    ['SetAssets', optional(never)],
    ['SetTimestamps', optional(never)],
    ['SetParty', optional(never)],
    ['SetSecrets', optional(never)],
    ['SetSupportedPlatforms', isPlatforms],
  ]);
  list.push({
    method: 'Activity.Equals',
    accepts: never,
    call: (v) => (activity as unknown as Setters).Equals(v),
    read: () => describeActivity(activity),
  });

  const assets = fullActivity().Assets()!;
  const readAssets = () => [assets.LargeImage(), assets.LargeText(), assets.LargeUrl(), assets.SmallImage(), assets.SmallText(), assets.SmallUrl(), assets.InviteCoverImage()];
  add('ActivityAssets', assets, readAssets, [
    ['SetLargeImage', optional(isBoundedString(2048))],
    ['SetLargeText', optional(isBoundedString(1024))],
    ['SetLargeUrl', optional(isBoundedString(2048))],
    ['SetSmallImage', optional(isBoundedString(2048))],
    ['SetSmallText', optional(isBoundedString(1024))],
    ['SetSmallUrl', optional(isBoundedString(2048))],
    ['SetInviteCoverImage', optional(isBoundedString(2048))],
  ]);

  const timestamps = fullActivity().Timestamps()!;
  add('ActivityTimestamps', timestamps, () => [timestamps.Start(), timestamps.End()], [
    ['SetStart', isU64],
    ['SetEnd', isU64],
  ]);

  const party = fullActivity().Party()!;
  add('ActivityParty', party, () => [party.Id(), party.CurrentSize(), party.MaxSize(), party.Privacy()], [
    ['SetId', isBoundedString(1024)],
    ['SetCurrentSize', isPartySize],
    ['SetMaxSize', isPartySize],
    ['SetPrivacy', isEnum(ActivityPartyPrivacy)],
  ]);

  const secrets = fullActivity().Secrets()!;
  add('ActivitySecrets', secrets, () => secrets.Join(), [['SetJoin', isBoundedString(1024)]]);

  const b = button('keep', 'https://keep.example');
  add('ActivityButton', b, () => [b.Label(), b.Url()], [
    ['SetLabel', isBoundedString(1024)],
    ['SetUrl', isBoundedString(2048)],
  ]);

  const invite = new ActivityInvite();
  invite.SetSenderId(1n);
  invite.SetPartyId('keep');
  invite.SetType(ActivityActionTypes.Join);
  const readInvite = () => [
    invite.SenderId(),
    invite.ChannelId(),
    invite.MessageId(),
    invite.Type(),
    invite.ApplicationId(),
    invite.ParentApplicationId(),
    invite.PartyId(),
    invite.SessionId(),
    invite.IsValid(),
  ];
  add('ActivityInvite', invite, readInvite, [
    ['SetSenderId', isU64],
    ['SetChannelId', isU64],
    ['SetMessageId', isU64],
    ['SetType', isEnum(ActivityActionTypes)],
    ['SetApplicationId', isU64],
    ['SetParentApplicationId', isU64],
    ['SetPartyId', isBoundedString(1024)],
    ['SetSessionId', isBoundedString(1024)],
    ['SetIsValid', isBool],
  ]);
  return list;
}

describe('rich-presence bad input table', () => {
  for (const target of targets()) {
    describe(target.method, () => {
      for (const bad of badValues) {
        if (target.accepts(bad.value)) continue;
        it(`refuses ${bad.label} with a named TypeError/RangeError and keeps its state`, () => {
          const before = target.read();
          let thrown: unknown;
          try {
            target.call(bad.value);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, `${target.method}(${bad.label}) must throw`).toBeInstanceOf(Error);
          const error = thrown as Error;
          expect([TypeError, RangeError]).toContain(error.constructor);
          expect(error.message).toContain(target.method);
          expect(error.message.length).toBeLessThan(400);
          expect(target.read()).toEqual(before);
        });
      }
    });
  }

  it('error messages name the argument', () => {
    const a = new Activity();
    expect(() => a.SetApplicationId('x')).toThrow(/Activity\.SetApplicationId: applicationId /);
    expect(() => a.SetParty(new ActivitySecrets() as never)).toThrow(/Activity\.SetParty: party must be a ActivityParty/);
    expect(() => a.AddButton({ Label: () => 'x', Url: () => 'y' } as never)).toThrow(/button must be a ActivityButton/);
    expect(() => new ActivityParty().SetMaxSize(-1)).toThrow(/maxSize/);
    expect(() => new ActivityInvite().SetIsValid(1 as never)).toThrow(/isValid must be a boolean/);
  });

  it('methods called on a foreign receiver throw instead of crashing', () => {
    const getter = new Activity().Name;
    expect(() => getter.call({})).toThrow();
    expect(() => getter.call(new ActivityButton())).toThrow();
    const setter = new ActivityParty().SetId;
    expect(() => setter.call(new ActivitySecrets(), 'x')).toThrow();
  });
});
