// EnumToString for JS: enum values are plain numbers here, so the enum object says which enum.
type EnumObject = Readonly<Record<string, number>>;

const reverseMaps = new WeakMap<EnumObject, Map<number, string>>();

/** EnumToString(ErrorType, 6) === 'ValidationError'; 'unknown' for a value not in the enum. */
export function EnumToString(enumObject: EnumObject, value: number): string {
  if (typeof enumObject !== 'object' || enumObject === null) {
    throw new TypeError('EnumToString: enumObject must be one of the exported enum objects');
  }
  let reverse = reverseMaps.get(enumObject);
  if (!reverse) {
    reverse = new Map(Object.entries(enumObject).map(([name, v]) => [v, name]));
    reverseMaps.set(enumObject, reverse);
  }
  return reverse.get(value) ?? 'unknown';
}
