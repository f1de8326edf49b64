// Loads the native addon (the local node-gyp build when it was built for this OS and CPU, else
// the prebuild for this platform; scripts/build/locate-addon.cjs) and puts the string-getter
// memo in place. A leaf: it knows no class of the addon by type, so the files that declare the
// classes (values.ts, social.ts, voice.ts) can take their constructors from here while
// binding.ts, which types the whole addon, imports those declarations without a circle.
import path from 'node:path';
import { createRequire } from 'node:module';
import { memoizeStringGetters, type ValueClassShape } from './string_getter_memo';

/** The package root: lib/sdk (sources under vitest) and dist/sdk (compiled) are both two levels down. */
export const packageRoot = path.resolve(__dirname, '..', '..');

interface AddonLocator {
  loadAddon(packageRoot: string): unknown;
}

// The same locator the install script uses to decide whether to compile (plain CommonJS, shipped
// in the package next to it).
const packageRequire = createRequire(path.join(packageRoot, 'package.json'));
const locator = packageRequire('./scripts/build/locate-addon.cjs') as AddonLocator;

/** The addon's exports, untyped here: binding.ts gives them their types. */
export const addon = locator.loadAddon(packageRoot) as Record<string, unknown> & {
  internal: { valueClassShapes(): ValueClassShape[] };
};
memoizeStringGetters(addon.internal.valueClassShapes());

/** The static side every value class and handle shares. */
export interface NullObject<I> {
  /**
   * The invalid instance (the C++ `nullobj`): `valid` is false, every getter answers its
   * default (0, empty, undefined) and every setter is ignored.
   */
  readonly nullobj: I;
  /** @internal */
  readonly prototype: I;
}

/**
 * A value class of the addon: `new X()` makes one with every field at its default.
 * (Declared as an interface merged with a const so that one name is both the class and the
 * instance type; the API reference shows the pair as a class through `@class`.)
 */
export interface ValueClass<I> extends NullObject<I> {
  /** A new instance with every field at its default; set the fields with the setters. */
  new (): I;
}

/**
 * A class the addon hands instances of, with no public constructor: TypeScript refuses `new`
 * (the signature is abstract) and the addon throws a TypeError for it.
 */
export type HandleClass<I> = (abstract new () => I) & NullObject<I>;
