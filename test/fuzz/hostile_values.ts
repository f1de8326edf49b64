// Values a careless or hostile caller might pass, as JSON-safe descriptions (they cross to a
// child process, and fast-check prints and shrinks them): the child builds the real value
// (test/fuzz/fixtures/sdk_api_runner.cjs, `build`).
import fc from 'fast-check';

export type Arg =
  | { k: 'lit'; v: string | number | boolean | null }
  | { k: 'undef' }
  | { k: 'nan' }
  | { k: 'inf'; neg: boolean }
  | { k: 'big'; v: string }
  | { k: 'sym' }
  | { k: 'obj' }
  | { k: 'arr' }
  | { k: 'repeat'; ch: string; n: number }
  | { k: 'ref'; v: string; as?: 'string' | 'bigint' }
  | { k: 'fn'; mode: 'count' | 'throw' }
  | { k: 'value'; cls: string; ops: Array<{ m: string; a: Arg }> }
  | { k: 'map'; entries: Array<[string, Arg]> };

export const lit = (v: string | number | boolean | null): Arg => ({ k: 'lit', v });

/** Text from the whole of Unicode, with NUL, lone surrogates and long runs now and then. */
export const text: fc.Arbitrary<Arg> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }).map(lit) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(lit) },
  { weight: 1, arbitrary: fc.constantFrom('', '\0', 'a\0b', '\uD800', '😀'.repeat(3), ' ', '\u202e').map(lit) },
  {
    weight: 1,
    arbitrary: fc.record({ ch: fc.constantFrom('x', '😀', 'é', '\0'), n: fc.constantFrom(250, 251, 1024, 1025, 4000, 4001, 4097, 70_000) }).map(
      ({ ch, n }): Arg => ({ k: 'repeat', ch, n }),
    ),
  },
);

/** Anything at all: the wrong type for whatever it is passed as. */
export const hostile: fc.Arbitrary<Arg> = fc.oneof(
  fc.constant<Arg>({ k: 'undef' }),
  fc.constant(lit(null)),
  fc.constant<Arg>({ k: 'nan' }),
  fc.boolean().map((neg): Arg => ({ k: 'inf', neg })),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, 2 ** 64, -(2 ** 31), 4294967296).map(lit),
  fc.constantFrom('-1', '0', '18446744073709551615', '18446744073709551616', '-18446744073709551616').map((v): Arg => ({ k: 'big', v })),
  // Id-like strings an id parameter must refuse or read as decimal.
  fc.constantFrom('-1', '18446744073709551616', '1e3', '0x10', ' 1', '1.0', '١٢٣').map(lit),
  fc.boolean().map(lit),
  fc.constantFrom<Arg>({ k: 'sym' }, { k: 'obj' }, { k: 'arr' }),
  fc.constantFrom<Arg>({ k: 'fn', mode: 'count' }, { k: 'fn', mode: 'throw' }),
  text,
);

/** `good` most of the time, anything now and then. */
export const mostly = (good: fc.Arbitrary<Arg>): fc.Arbitrary<Arg> => fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: hostile });
