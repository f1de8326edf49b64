// The C++ mutation runner's mutant finder (scripts/mutate/cpp_mutants.mjs): which changes it
// makes, and the places it must leave alone (comments, strings, includes, templates, shifts).
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { applyMutant, blankNonCode, findMutants, mutantKey, uniqueKeys } from '../../scripts/mutate/cpp_mutants.mjs';

interface Mutant {
  line: number;
  kind: string;
  original: string;
  replacement: string;
  description: string;
  offset: number;
  length: number;
}

const described = (source: string, options = {}) => (findMutants(source, options) as Mutant[]).map((m) => `${m.line} ${m.description}`);

describe('the C++ mutant finder', () => {
  it('flips each relational operator written with spaces around it', () => {
    expect(described('if (a < b && c <= d && e > f && g >= h && i == j && k != l) {}', { constants: false })).toEqual([
      '1 relational: < → <=',
      '1 relational: <= → <',
      '1 relational: > → >=',
      '1 relational: >= → >',
      '1 relational: == → !=',
      '1 relational: != → ==',
    ]);
  });

  it('turns a + into a - and back', () => {
    expect(described('x = a + b - c; y += 1; z = -w;', { constants: false })).toEqual(['1 arithmetic: + → -', '1 arithmetic: - → +']);
  });

  it('moves each decimal integer constant one up and one down (never below zero)', () => {
    expect(described('constexpr uint64_t kMax = 1\'000;\nint zero = 0;\nauto big = 16ull;')).toEqual([
      "1 constant: 1'000 → 1001",
      "1 constant: 1'000 → 999",
      '2 constant: 0 → 1',
      '3 constant: 16ull → 17ull',
      '3 constant: 16ull → 15ull',
    ]);
  });

  it('leaves comments, strings, character literals, raw strings, includes and static_asserts alone', () => {
    const source = [
      '#include <vector>',
      '// a < b and 42',
      '/* x >= 7 */',
      'const char* s = "a == 1";',
      "char c = '<';",
      'auto r = R"x(a > 5)x";',
      'static_assert(kSlots == 16);',
    ].join('\n');
    expect(described(source)).toEqual([]);
    expect(blankNonCode(source)).toHaveLength(source.length);
  });

  it('does not take template brackets, shifts, arrows or floats for operators or integers', () => {
    const source = 'auto v = std::min<uint64_t>(a, b) << 2 >> c; p->x; double f = 0.5; int h = 0x10;';
    expect(described(source)).toEqual(['1 constant: 2 → 3', '1 constant: 2 → 1']);
  });

  it('swaps the members of a configured group', () => {
    const source = '{4004, CloseAction::Stop, "x"},\n{4009, CloseAction::Reidentify, "y"},';
    const swaps = [['CloseAction::Resume', 'CloseAction::Reidentify', 'CloseAction::Stop']];
    expect(described(source, { swaps, constants: false })).toEqual([
      '1 swap: CloseAction::Stop → CloseAction::Resume',
      '1 swap: CloseAction::Stop → CloseAction::Reidentify',
      '2 swap: CloseAction::Reidentify → CloseAction::Resume',
      '2 swap: CloseAction::Reidentify → CloseAction::Stop',
    ]);
  });

  it('applies a mutant at its place only, and keys it by its line rather than its line number', () => {
    const source = 'int a = 1;\nif (x >= cutoff) keep();\n';
    const [mutant] = (findMutants(source, { constants: false }) as Mutant[]);
    expect(applyMutant(source, mutant)).toBe('int a = 1;\nif (x > cutoff) keep();\n');
    const shifted = `// a new first line\n${source}`;
    const [moved] = (findMutants(shifted, { constants: false }) as Mutant[]);
    expect(mutantKey(shifted, moved)).toBe(mutantKey(source, mutant));
    expect(mutantKey(source, mutant)).toBe('if (x >= cutoff) keep(); | relational: >= → > @6');
  });

  it('keeps the keys of the same change on two identical lines apart', () => {
    const source = 'if (a) {\n  ahead = 0;\n} else {\n  ahead = 0;\n}\n';
    const mutants = findMutants(source) as Mutant[];
    expect(uniqueKeys(source, mutants)).toEqual(['ahead = 0; | constant: 0 → 1 @8', 'ahead = 0; | constant: 0 → 1 @8 #2']);
  });
});
