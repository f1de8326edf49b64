// Names of docs/guides/migrating-from-cpp.md that the façade adds on top of the addon: the AdditionalContent value
// class, UserHandle's nested AvatarType, SetThreadPriority, GetUserApplicationProfiles.
import { describe, expect, it } from 'vitest';
import {
  AdditionalContent,
  AdditionalContentType,
  Client,
  LoggingSeverity,
  MessageHandle,
  UserHandle,
  UserHandleAvatarType,
} from '../../lib/index';
import { MessageBatch, MessageSource } from '../../lib/sdk/message_handle';

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('AdditionalContent', () => {
  it('is a value with getters, setters, Equals and TypeToString', () => {
    const content = new AdditionalContent();
    expect(content.valid).toBe(true);
    expect(content.Type()).toBe(AdditionalContentType.Other);
    expect(content.Title()).toBeUndefined();
    expect(content.Count()).toBe(0);
    content.SetType(AdditionalContentType.Poll);
    content.SetTitle('Best map?');
    content.SetCount(3);
    const same = new AdditionalContent();
    same.SetType(AdditionalContentType.Poll);
    same.SetTitle('Best map?');
    same.SetCount(3);
    expect(content.Equals(same)).toBe(true);
    same.SetCount(4);
    expect(content.Equals(same)).toBe(false);
    expect(AdditionalContent.TypeToString(AdditionalContentType.VoiceMessage)).toBe('VoiceMessage');
    expect(AdditionalContent.nullobj.valid).toBe(false);
    expect(AdditionalContent.nullobj.Equals(new AdditionalContent())).toBe(false);
  });

  it('refuses bad input, naming the argument and the rule, and keeps the old value', () => {
    const content = new AdditionalContent();
    content.SetCount(7);
    expect(() => content.SetCount(256)).toThrow(/SetCount: value must be an integer from 0 to 255/);
    expect(() => content.SetCount(-1)).toThrow(RangeError);
    expect(() => content.SetCount(1.5)).toThrow(RangeError);
    expect(content.Count()).toBe(7);
    expect(() => content.SetType(99 as AdditionalContentType)).toThrow(/SetType: value must be an AdditionalContentType/);
    expect(content.Type()).toBe(AdditionalContentType.Other);
    expect(() => content.SetTitle(5 as unknown as string)).toThrow(/SetTitle: value must be a string/);
    content.SetTitle(null);
    expect(content.Title()).toBeUndefined();
  });
});

describe('UserHandle.AvatarType', () => {
  it('is the nested enum of the C++ SDK, with AvatarTypeToString', () => {
    expect(UserHandle.AvatarType).toBe(UserHandleAvatarType);
    expect(UserHandle.AvatarType.Webp).toBe(UserHandleAvatarType.Webp);
    expect(UserHandle.AvatarTypeToString(UserHandle.AvatarType.Gif)).toBe('Gif');
    expect(UserHandle.AvatarTypeToString(77 as UserHandleAvatarType)).toBe('unknown');
  });
});

describe('SetThreadPriority', () => {
  it('logs a Warning that it has no effect here, and throws for a bad thread or priority', async () => {
    const client = new Client();
    const lines: Array<[string, LoggingSeverity]> = [];
    client.AddLogCallback((message, severity) => lines.push([message, severity]), LoggingSeverity.Warning);
    client.SetThreadPriority(Client.Thread.Network, -3);
    await nextTurn();
    expect(lines).toContainEqual([expect.stringContaining('SetThreadPriority(Network, -3): no effect'), LoggingSeverity.Warning]);
    expect(() => client.SetThreadPriority(9 as Client.Thread, 1)).toThrow(/thread/);
    expect(() => client.SetThreadPriority(Client.Thread.Voice, 2 ** 31)).toThrow(/priority.*32-bit integer/);
    expect(() => client.SetThreadPriority(Client.Thread.Voice, 'high' as unknown as number)).toThrow(/priority/);
  });
});

describe('GetUserApplicationProfiles', () => {
  it('is empty before Ready, in both forms', () => {
    const client = new Client();
    expect(client.GetUserApplicationProfiles()).toEqual([]);
    expect(client.GetUserApplicationProfilesNoLock()).toEqual([]);
  });
});

describe('MessageHandle (a JS view of the cache)', () => {
  it('has no public constructor; nullobj answers defaults', () => {
    const Ctor = MessageHandle as unknown as new (...a: unknown[]) => MessageHandle;
    expect(() => new Ctor()).toThrow(/no public constructor/);
    expect(() => new Ctor(Symbol('sdkpp.MessageHandle.make'), undefined, 1n)).toThrow(/no public constructor/);
    const none = MessageHandle.nullobj;
    expect(none.valid).toBe(false);
    expect(none.Id()).toBe(0n);
    expect(none.Content()).toBe('');
    expect(none.Metadata()).toEqual({});
    expect(none.AdditionalContent()).toBeUndefined();
    expect(none.SentFromGame()).toBe(false);
  });

  it('reads common fields from one batch snapshot, read again only after the change count moved; the rest by id', () => {
    const shared = new ArrayBuffer(72);
    const changes = new Uint32Array(shared, 0, 1);
    const reads: bigint[][] = [];
    const asked: Array<[bigint, number]> = [];
    let content = 'hello';
    const reader = {
      MessageShared: () => shared,
      ReadMessages(ids: BigUint64Array, numbers: BigUint64Array, marks: Uint32Array): string {
        reads.push([...ids]);
        let text = '';
        ids.forEach((id, i) => {
          numbers.set([id * 10n, 0n, 0n, 1000n + id, 0n], i * 5);
          const piece = `${content} ${id}`;
          marks.set([1 | 2, text.length, text.length + piece.length], i * 3);
          text += piece;
        });
        return text;
      },
      MessageFieldOf(id: bigint, field: number): unknown {
        asked.push([id, field]);
        if (field === 9) return { Type: AdditionalContentType.Attachment, Title: 'map.png', Count: 1 };
        return undefined;
      },
    };
    const batch = new MessageBatch(new MessageSource(reader), BigUint64Array.of(42n, 43n));
    const [first, second] = [MessageHandle.make(batch, 0), MessageHandle.make(batch, 1)];
    expect(reads).toEqual([]); // nothing read before a getter needs it
    expect([first.valid, first.Id(), first.Content(), first.AuthorId(), first.SentTimestamp()]).toEqual([true, 42n, 'hello 42', 420n, 1042n]);
    expect([second.Content(), second.AuthorId()]).toEqual(['hello 43', 430n]);
    expect(reads).toEqual([[42n, 43n]]); // one read for both handles
    content = 'edited';
    expect(first.Content()).toBe('hello 42'); // the count did not move: no change to see
    changes[0]++;
    expect([first.Content(), second.Content()]).toEqual(['edited 42', 'edited 43']);
    expect(reads.length).toBe(2);
    const extra = first.AdditionalContent();
    expect(extra).toBeInstanceOf(AdditionalContent);
    expect(extra?.Title()).toBe('map.png');
    expect(asked).toEqual([[42n, 9]]);
  });

  it('GetMessageHandle of an unknown message is undefined, before and after Dispose', async () => {
    const client = new Client();
    await nextTurn();
    const message = client.GetMessageHandle(7n);
    expect(message).toBeUndefined();
    client.Dispose();
    expect(client.GetMessageHandle(7n)).toBeUndefined();
  });
});
