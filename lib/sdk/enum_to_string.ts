// EnumToString for JS: enum values are plain numbers here, so the enum object says which enum.
type EnumObject = Readonly<Record<string, number>>;

const reverseMaps = new WeakMap<EnumObject, Map<number, string>>();

/**
 * The name of an enum value: `EnumToString(ErrorType, 6) === 'ValidationError'`; 'unknown' for a
 * value not in the enum (the C++ `EnumToString`, which knows the enum from the value's type).
 * @param enumObject one of the exported enum objects (ErrorType, Client.Status, ...).
 * @param value the value.
 * @throws TypeError when `enumObject` is not an object.
 */
export function EnumToString(enumObject: Readonly<Record<string, number>>, value: number): string {
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
