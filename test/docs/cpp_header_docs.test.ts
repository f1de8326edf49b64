// The C++ reference stays complete as the TypeScript one does (api_reference.test.ts): every
// public declaration of the public headers (native/core/include/sdkpp/*.h) has its doc comment,
// every enum member in detail/enum_lists.h has one, and an enum member's comment says what the
// same member's TypeScript doc says (lib/sdk/enums.generated.ts, from scripts/build/enum-docs.mjs),
// so the two languages cannot drift apart. The failure names each offender by file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { ENUM_DOCS } from '../../scripts/build/enum-docs.mjs';
// @ts-expect-error a plain .mjs script without declarations
import { memberDoc, readEnumLists } from '../../scripts/build/gen-enums.mjs';
import { enumMemberDocs, enumMembersWithoutDoc, undocumentedDeclarations } from './cpp_header_docs';

// The repository's root, without loading the addon (these tests read text only).
const packageRoot = resolve(__dirname, '..', '..');
const includeDir = join(packageRoot, 'native', 'core', 'include', 'sdkpp');
const enumListsPath = join(includeDir, 'detail', 'enum_lists.h');

const publicHeaders = (): string[] => readdirSync(includeDir).filter((name) => name.endsWith('.h')).sort();

/** A TypeScript doc in C++ words: `{@link Call.SetPTTActive}` reads `Call::SetPTTActive`. */
function cppWords(tsDoc: string): string {
  return tsDoc.replace(/\{@link Limits\}/g, 'sdkpp/limits.h').replace(/\{@link ([\w.]+)\}/g, (_, name: string) => name.replace(/\./g, '::'));
}

interface EnumList {
  tsName: string;
  list: string;
  members: Array<[string, number]>;
}

describe('the C++ public headers', () => {
  it('reads every public header', () => {
    const headers = publicHeaders();
    expect(headers).toContain('client.h');
    expect(headers).toContain('lobby_handle.h');
    expect(headers.length).toBeGreaterThan(20);
  });

  it('give every public declaration a doc comment (class, method, enum, callback type, member, free function)', () => {
    const missing = publicHeaders().flatMap((name) => undocumentedDeclarations(name, readFileSync(join(includeDir, name), 'utf8')));
    expect(missing.map((m) => `${m.file}:${m.line}: ${m.text}`), 'public C++ declarations without a doc comment').toEqual([]);
  });

  it('give every enum member a doc comment in detail/enum_lists.h', () => {
    expect(enumMembersWithoutDoc(readFileSync(enumListsPath, 'utf8'))).toEqual([]);
  });

  it("say of each enum member what its TypeScript doc says", () => {
    const docs = enumMemberDocs(readFileSync(enumListsPath, 'utf8'));
    const differences: string[] = [];
    for (const e of readEnumLists() as EnumList[]) {
      for (const [name, value] of e.members) {
        const expected = cppWords(memberDoc(e.tsName, ENUM_DOCS[e.tsName], name, value) as string);
        const actual = docs.get(`${e.list}.${name}`);
        if (actual !== expected) differences.push(`${e.list}.${name}: C++ "${actual}", TypeScript "${expected}"`);
      }
    }
    expect(differences).toEqual([]);
  });
});

describe('the C++ doc comment check (self-check)', () => {
  it('names a declaration of a real header whose comment was deleted', () => {
    const text = readFileSync(join(includeDir, 'lobby_handle.h'), 'utf8');
    expect(undocumentedDeclarations('lobby_handle.h', text)).toEqual([]);
    const without = text.replace('  // The members\' user ids (at most limits::kMaxLobbyMembersCount).\n', '');
    expect(without).not.toBe(text);
    expect(undocumentedDeclarations('lobby_handle.h', without).map((m) => m.text)).toEqual(['std::vector<uint64_t> LobbyMemberIds() const;']);
  });

  it('checks classes, public members, callback types, enum members written out and free functions; skips what is not public', () => {
    const header = [
      '// The file.',
      '#pragma once',
      '',
      'namespace sdkpp {',
      '',
      'namespace detail {',
      'struct Fields {',
      '  int hidden = 0;',
      '};',
      '}  // namespace detail',
      '',
      'class Bare {',
      ' public:',
      '  // Documented.',
      '  int Count() const;',
      '  void SetCount(int value);',
      '  void SetOther(int value);',
      '  using Callback = std::function<void(int value,',
      '                                      int other)>;',
      '  int Inline() const { return 1; }  // documented at the end of its line',
      '  Bare(const Bare&) = delete;',
      '  friend struct detail::Fields;',
      '  enum class Kind : int32_t {',
      '    // Documented.',
      '    One = 1,',
      '    Two = 2,',
      '  };',
      '',
      ' private:',
      '  int Private() const;',
      '};',
      '',
      '// Documented.',
      'struct Open {',
      '  int field = 0;',
      '};',
      '',
      'class Forward;',
      'const char* Free(int value);',
      '',
      '}  // namespace sdkpp',
    ].join('\n');
    expect(undocumentedDeclarations('fixture.h', header).map((m) => `${m.line}: ${m.text}`)).toEqual([
      '12: class Bare {',
      '17: void SetOther(int value);',
      '18: using Callback = std::function<void(int value,',
      '23: enum class Kind : int32_t {',
      '26: Two = 2,',
      '35: int field = 0;',
      '39: const char* Free(int value);',
    ]);
  });

  it('names an enum member without its comment, and a comment that differs from the TypeScript doc', () => {
    const text = readFileSync(enumListsPath, 'utf8');
    const noComment = text.replace('/** Push-to-talk: send while Call::SetPTTActive holds it (plus the release delay). */ X(MODE_PTT, 2)', 'X(MODE_PTT, 2)');
    expect(noComment).not.toBe(text);
    expect(enumMembersWithoutDoc(noComment)).toEqual(['SDKPP_ENUM_LIST_AUDIO_MODE_TYPE.MODE_PTT']);
    const otherWords = text.replace('/** Push-to-talk: send while', '/** Push to talk: send while');
    expect(enumMemberDocs(otherWords).get('SDKPP_ENUM_LIST_AUDIO_MODE_TYPE.MODE_PTT')).not.toBe(cppWords(ENUM_DOCS.AudioModeType.members.MODE_PTT as string));
    expect(enumMemberDocs(text).get('SDKPP_ENUM_LIST_AUDIO_MODE_TYPE.MODE_PTT')).toBe(cppWords(ENUM_DOCS.AudioModeType.members.MODE_PTT as string));
  });
});
