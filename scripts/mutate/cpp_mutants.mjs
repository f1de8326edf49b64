// The mutants of one C++ source: each a one-place change of the kind that makes a rule slip.
//   relational  a < b → a <= b, a <= b → a < b, a > b → a >= b, a >= b → a > b,
//               a == b → a != b, a != b → a == b
//   arithmetic  a + b → a - b, a - b → a + b (a sign slip)
//   constant    an integer literal N → N + 1 and N - 1 (N - 1 only when N > 0)
//   swap        an identifier from a configured group → each other member of the group (the
//               actions of a protocol table: CloseAction::Resume → CloseAction::Stop, ...)
// Comments, string and character literals, preprocessor lines and static_assert lines are never
// mutated. A relational or arithmetic operator counts only with spaces on both sides
// (clang-format's binary operator style), so template brackets (std::min<uint64_t>), includes, shifts and arrows are not
// operators here. Pure functions: test/mutate/cpp_mutants.test.ts pins what is found.

const RELATIONAL = new Map([
  ['<', '<='],
  ['<=', '<'],
  ['>', '>='],
  ['>=', '>'],
  ['==', '!='],
  ['!=', '=='],
]);

/**
 * The source with comments and string/char literals blanked to spaces (same length, newlines
 * kept), so offsets into it are offsets into the source.
 */
export function blankNonCode(source) {
  const out = source.split('');
  let i = 0;
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === 'R' && next === '"' && !/[A-Za-z0-9_]/.test(source[i - 1] ?? '')) {
      // Raw string R"delim( ... )delim"
      const open = source.indexOf('(', i + 2);
      const delimiter = source.slice(i + 2, open);
      const close = source.indexOf(`)${delimiter}"`, open + 1);
      const stop = close < 0 ? source.length : close + delimiter.length + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || (c === "'" && !/[0-9A-Fa-f]/.test(source[i - 1] ?? ''))) {
      // A string or character literal (a ' between digits is a digit separator, not a literal).
      let k = i + 1;
      while (k < source.length && source[k] !== c && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1;
      blank(i, k + 1);
      i = k + 1;
    } else {
      i++;
    }
  }
  return out.join('');
}

/** Lines that are never mutated: preprocessor directives and compile-time assertions. */
function skippedLine(codeLine) {
  const trimmed = codeLine.trim();
  return trimmed.startsWith('#') || trimmed.startsWith('static_assert');
}

function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOf(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** An integer literal's value, or null when it is not a plain decimal integer (hex, floats). */
function integerValue(token) {
  const match = /^([0-9][0-9']*)([uUlL]*)$/.exec(token);
  if (!match) return null;
  if (match[1].length > 1 && match[1].startsWith('0')) return null; // octal
  return { value: BigInt(match[1].replaceAll("'", '')), suffix: match[2] };
}

/**
 * Every mutant of `source`: { id, line (1-based), column, kind, original, replacement, offset,
 * length, description }. `options.swaps` is a list of identifier groups; `options.constants`
 * false turns the constant mutants off.
 */
export function findMutants(source, options = {}) {
  const code = blankNonCode(source);
  const starts = lineStarts(code);
  const lines = code.split('\n');
  const mutants = [];
  const add = (offset, length, kind, replacement) => {
    const line = lineOf(starts, offset);
    if (skippedLine(lines[line])) return;
    const original = source.slice(offset, offset + length);
    mutants.push({
      line: line + 1,
      column: offset - starts[line] + 1,
      kind,
      original,
      replacement,
      offset,
      length,
      description: `${kind}: ${original} → ${replacement}`,
    });
  };

  // Relational operators with a space on each side.
  for (const match of code.matchAll(/ (<=|>=|==|!=|<|>) /g)) {
    const op = match[1];
    const offset = match.index + 1;
    // `a << b`, `a >> b` and `->` cannot match (no space inside them); `operator<` and
    // template heads (`template <class T>`) have no space after the bracket.
    add(offset, op.length, 'relational', RELATIONAL.get(op));
  }

  for (const match of code.matchAll(/ ([+-]) (?!=)/g)) {
    add(match.index + 1, 1, 'arithmetic', match[1] === '+' ? '-' : '+');
  }

  if (options.constants !== false) {
    for (const match of code.matchAll(/(?<![A-Za-z0-9_.'])[0-9][0-9']*[uUlL]*(?![A-Za-z0-9_.'])/g)) {
      const parsed = integerValue(match[0]);
      if (!parsed) continue;
      // 0x.. is excluded by the look-behind on the x; a digit after '.' is part of a float.
      const format = (v) => `${v}${parsed.suffix}`;
      add(match.index, match[0].length, 'constant', format(parsed.value + 1n));
      if (parsed.value > 0n) add(match.index, match[0].length, 'constant', format(parsed.value - 1n));
    }
  }

  for (const group of options.swaps ?? []) {
    for (const name of group) {
      const pattern = new RegExp(`(?<![A-Za-z0-9_:])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`, 'g');
      for (const match of code.matchAll(pattern)) {
        for (const other of group) if (other !== name) add(match.index, name.length, 'swap', other);
      }
    }
  }

  mutants.sort((a, b) => a.offset - b.offset); // stable: +1 before -1, a group in its order
  return mutants.map((m, index) => ({ id: index + 1, ...m }));
}

/** `source` with `mutant` applied. */
export function applyMutant(source, mutant) {
  return source.slice(0, mutant.offset) + mutant.replacement + source.slice(mutant.offset + mutant.length);
}

/**
 * A key that survives edits elsewhere in the file (line numbers move, the line does not): the
 * line's text, the change, and where on the line it is.
 */
export function mutantKey(source, mutant) {
  const start = source.lastIndexOf('\n', mutant.offset - 1) + 1;
  const end = source.indexOf('\n', mutant.offset);
  const line = source.slice(start, end < 0 ? source.length : end);
  const indent = line.length - line.trimStart().length;
  return `${line.trim()} | ${mutant.description} @${mutant.offset - start - indent}`;
}

/**
 * The keys of all `mutants` of `source`, in order: mutantKey, with `#2`, `#3`, ... added to the
 * second and later of mutants whose keys would be the same (the same change on two identical
 * lines, `ahead = 0;` twice in a function), so no result overwrites another.
 */
export function uniqueKeys(source, mutants) {
  const seen = new Map();
  return mutants.map((mutant) => {
    const key = mutantKey(source, mutant);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? key : `${key} #${count}`;
  });
}
