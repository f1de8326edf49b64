// The string getters of the value classes (`args.Scopes()`, `result.Error()`, ...) answer from a
// JS memo instead of crossing into the addon each time. A crossing costs 2.5× the cheapest
// possible addon call (the receiver lookup and a copy of the C++ string), 20× a JS getter, and
// launchers read these in render loops; the memo makes a repeated read a JS read.
//
// Why it stays correct: the addon tells which methods can change a value (value_wrap.h: in a
// memoizing class the C++ value is writable only inside a method registered with `Mutator`, which
// the compiler enforces), and each of those drops the object's memo before it runs. Nothing else
// can change a value object: the SDK hands out copies, and takes them by const reference.
// The memo is a private field stamped on the object at its first read (the base-class return
// trick): invisible to `util.inspect` and reflection (a verifier's memo never shows in a log),
// still writable when the object is frozen afterwards, and gone with the object. A WeakMap was
// the first choice, but its set on a fresh object cost ~600 ns, and ClientResults are made per
// callback.

/** One memoizing value class, as the addon describes it (`internal.valueClassShapes()`). */
export interface ValueClassShape {
  constructor: { prototype: object };
  stringGetters: string[];
  mutators: string[];
}

type Method = (this: object, ...args: unknown[]) => unknown;

/** Returns the object it is given, so that a subclass constructor stamps its fields on it. */
class Adopt {
  constructor(target: object) {
    return target;
  }
}

interface MemoSlot {
  /** The strings of `target` by getter index (undefined: not read yet), or undefined if none. */
  of(target: object): (string | undefined)[] | undefined;
  /** A new memo on `target`, or undefined if it is not extensible (frozen before any read). */
  attach(target: object): (string | undefined)[] | undefined;
}

// One class, so one private name, per value class: the memo of an Activity is not there for
// `AuthorizationArgs.prototype.Scopes.call(activity)`, which reaches the addon's receiver check.
function memoSlot(getterCount: number): MemoSlot {
  class StringMemo extends Adopt {
    readonly #texts = new Array<string | undefined>(getterCount).fill(undefined);
    static of(target: object): (string | undefined)[] | undefined {
      return #texts in target ? (target as StringMemo).#texts : undefined;
    }
    static attach(target: object): (string | undefined)[] | undefined {
      return Object.isExtensible(target) ? new StringMemo(target).#texts : undefined;
    }
  }
  return StringMemo;
}

function methodOf(prototype: object, name: string): Method {
  const method = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
  if (typeof method !== 'function') throw new Error(`sdkpp: the addon names ${name} as a method, but the prototype has none`);
  return method as Method;
}

function replaceMethod(prototype: object, name: string, method: Method): void {
  Object.defineProperty(prototype, name, { value: method, writable: true, configurable: true, enumerable: false });
}

// A getter answering from the memo until a mutator clears it. The addon reads (and checks the
// receiver: a foreign `this` gets its TypeError) before anything is stamped on the object.
function memoizedGetter(name: string, read: Method, memo: MemoSlot, index: number): Method {
  const getter = {
    [name](this: object): string {
      const texts = memo.of(this);
      const memoized = texts?.[index];
      if (memoized !== undefined) return memoized;
      const text = read.call(this) as string;
      const store = texts ?? memo.attach(this);
      if (store !== undefined) store[index] = text;
      return text;
    },
  }[name];
  return getter as Method;
}

function invalidatingMutator(name: string, mutate: Method, memo: MemoSlot): Method {
  const mutator = {
    [name](this: object, ...args: unknown[]): unknown {
      memo.of(this)?.fill(undefined);
      return mutate.apply(this, args);
    },
  }[name];
  return mutator as Method;
}

/** Puts the memo in front of every string getter the addon names. Run once per loaded addon. */
export function memoizeStringGetters(shapes: readonly ValueClassShape[]): void {
  for (const { constructor, stringGetters, mutators } of shapes) {
    const prototype = constructor.prototype;
    const memo = memoSlot(stringGetters.length);
    stringGetters.forEach((name, index) =>
      replaceMethod(prototype, name, memoizedGetter(name, methodOf(prototype, name), memo, index)),
    );
    for (const name of mutators) replaceMethod(prototype, name, invalidatingMutator(name, methodOf(prototype, name), memo));
  }
}
