// Reads the public C++ headers (native/core/include/sdkpp/*.h) line by line and names each public
// declaration that has no doc comment: a class or struct, a public method, constructor, static
// member or data member, an enum, a callback type (`using X = ...`), a free function. What
// counts as its doc comment: the comment lines right above it (`//`, `///` or a block ending in
// `*/`), or a `//` comment at the end of its own line. Overloads written one after another
// (EnumToString for every enum) share the comment above the first, as they share one meaning,
// and so does a setter written right under its getter (`SetFoo` under `Foo` or `GetFoo`).
// Not checked: what is not public API — `namespace detail`, private and protected sections,
// friends, forward declarations, deleted copies and moves, an interface's defaulted virtual
// destructor — and the lines inside a function body.
// The members of the enums are in the lists of detail/enum_lists.h: enumMembersWithoutDoc checks
// them; an enum written out member by member has each member checked here.

/** One public declaration without a doc comment: `file:line: text`. */
export interface Undocumented {
  file: string;
  line: number;
  text: string;
}

interface Scope {
  kind: 'namespace' | 'detail' | 'class' | 'enum' | 'body';
  access: 'public' | 'private';
  /** The brace depth the scope's body starts at. */
  depth: number;
}

function braceDelta(code: string): number {
  let delta = 0;
  for (const ch of code) {
    if (ch === '{') delta++;
    else if (ch === '}') delta--;
  }
  return delta;
}

/** The code of a line without its `//` comment and string literals (none of these headers has `//` inside a string). */
function codeOf(line: string): string {
  const at = line.indexOf('//');
  return (at >= 0 ? line.slice(0, at) : line).replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

/** The name a declaration line declares (for overload grouping): the word before its first `(`. */
function declaredName(code: string): string | null {
  const m = /(~?\w+|operator\s*\S+?)\s*\(/.exec(code);
  return m ? m[1] : null;
}

const SKIPPED = [
  /^\s*friend\b/,
  /^\s*(class|struct)\s+\w+\s*;/, // forward declaration
  /^\s*namespace\s+\w+\s*\{\s*(class|struct)\s+\w+\s*;\s*\}/, // forward declaration in a namespace
  /=\s*delete\s*;/, // a deleted copy or move
  /^\s*virtual\s+~\w+\(\)\s*=\s*default\s*;/, // the defaulted virtual destructor of an interface
  /^\s*static_assert\b/,
  /^\s*SDKPP_ENUM_LIST_\w+\(SDKPP_ENUM_MEMBER\)\s*$/, // an enum's members from its list (checked there)
];

export function undocumentedDeclarations(file: string, text: string): Undocumented[] {
  const lines = text.split('\n');
  const found: Undocumented[] = [];
  const scopes: Scope[] = [];
  let depth = 0;
  let blockComment = false;
  /** The previous line was (the end of) a comment. */
  let commentAbove = false;
  /** A statement started on an earlier line and has not ended yet. */
  let continuing = false;
  /** The declaration just before, with whether it was documented (for overloads). */
  let previous: { name: string | null; documented: boolean } | null = null;

  const current = (): Scope | undefined => scopes[scopes.length - 1];
  const hidden = (): boolean =>
    scopes.some((s) => s.kind === 'detail' || s.kind === 'body') || (current()?.kind === 'class' && current()!.access === 'private');

  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (blockComment) {
      if (trimmed.includes('*/')) blockComment = false;
      commentAbove = true;
      return;
    }
    if (trimmed.startsWith('/*')) {
      blockComment = !trimmed.includes('*/');
      commentAbove = true;
      return;
    }
    if (trimmed.startsWith('//')) {
      commentAbove = true;
      return;
    }
    if (trimmed === '' || trimmed.startsWith('#')) {
      // A blank line parts a comment from what follows: that comment is the file's or a section's.
      commentAbove = false;
      previous = null;
      return;
    }
    const code = codeOf(line);
    const trailingComment = line.includes('//');
    const access = /^\s*(public|private|protected)\s*:/.exec(code);
    if (access) {
      const scope = current();
      if (scope?.kind === 'class') scope.access = access[1] === 'public' ? 'public' : 'private';
      commentAbove = false;
      previous = null;
      return;
    }

    const startsStatement = !continuing;
    const opens = braceDelta(code);
    const closingOnly = /^\s*\}/.test(code);
    if (startsStatement && !closingOnly && !hidden()) {
      const isNamespace = /^\s*(inline\s+)?namespace\b/.test(code);
      const skipped = SKIPPED.some((re) => re.test(code));
      if (!isNamespace && !skipped) {
        const name = declaredName(code);
        const overload = previous !== null && previous.name !== null && previous.name === name && previous.documented;
        const setterOfGetter = previous !== null && previous.documented && name !== null && previous.name !== null &&
          (name === `Set${previous.name}` || name === `Set${previous.name.replace(/^Get/, '')}`);
        const documented = commentAbove || trailingComment || overload || setterOfGetter;
        if (!documented) found.push({ file, line: index + 1, text: trimmed });
        previous = { name, documented };
      }
    }

    // Scopes opened on this line.
    if (opens > 0 && !closingOnly) {
      const head = code.slice(0, code.indexOf('{'));
      let kind: Scope['kind'];
      if (/\bnamespace\s+detail\b/.test(head)) kind = 'detail';
      else if (/^\s*(inline\s+)?namespace\b/.test(head)) kind = 'namespace';
      else if (/^\s*(class|struct)\s+\w+/.test(head) && !/\(/.test(head)) kind = 'class';
      else if (/^\s*enum\b/.test(head)) kind = 'enum'; // its members, one a line, are checked too
      else kind = 'body'; // a function body, an enum's members, an initializer
      const isStruct = /^\s*struct\b/.test(head);
      // A one-line `{ ... }` (an inline body, an enum on one line) opens and closes here.
      if (braceDelta(code) > 0) scopes.push({ kind, access: isStruct || kind !== 'class' ? 'public' : 'private', depth: depth + 1 });
    }
    depth += opens;
    while (scopes.length > 0 && current()!.depth > depth) scopes.pop();

    // An enum's members end with a comma, and each is a declaration of its own.
    continuing = current()?.kind !== 'enum' && !/[;{}]\s*$/.test(code.trimEnd());
    commentAbove = false;
  });
  return found;
}

/** The lines of the enum lists in detail/enum_lists.h (a `#define SDKPP_ENUM_LIST_…(X)` and its indented continuation), each with its list's name. */
function* enumListLines(text: string): Generator<{ list: string; line: string }> {
  let list: string | null = null;
  for (const line of text.split('\n')) {
    const define = /^#define (SDKPP_ENUM_LIST_\w+)\(X\)/.exec(line);
    if (define) list = define[1];
    else if (!line.startsWith(' ')) list = null;
    if (list !== null) yield { list, line };
  }
}

/**
 * Each member of an enum list in detail/enum_lists.h (`X(Name, value)`, one a line) without the
 * `/** ... *\/` comment right before it on its line: `LIST.Name`.
 */
export function enumMembersWithoutDoc(text: string): string[] {
  const found: string[] = [];
  for (const { list, line } of enumListLines(text)) {
    for (const m of line.matchAll(/(\/\*\*.*?\*\/\s*)?X\((\w+),\s*-?\d+\)/g)) {
      if (!m[1]) found.push(`${list}.${m[2]}`);
    }
  }
  return found;
}

/** The member comments of the enum lists: `LIST.Name` -> the comment's text. */
export function enumMemberDocs(text: string): Map<string, string> {
  const docs = new Map<string, string>();
  for (const { list, line } of enumListLines(text)) {
    for (const m of line.matchAll(/\/\*\*\s*(.*?)\s*\*\/\s*X\((\w+),\s*-?\d+\)/g)) docs.set(`${list}.${m[2]}`, m[1]);
  }
  return docs;
}
