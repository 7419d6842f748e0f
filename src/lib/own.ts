/**
 * Maps read from documents are looked up by id with `own`: an id such as 'constructor' or
 * 'toString' (chosen by whoever wrote the document) must never find a property that every object
 * inherits, and never lead to writing into one.
 */

/** The map's own entry for `key`, or undefined. */
export function ownEntry<T>(
  map: Readonly<Record<string, T>> | null | undefined,
  key: string,
): T | undefined {
  return map != null && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The map's own entry for `key`, created with `make` when missing. */
export function ownOrAdd<T>(map: Record<string, T>, key: string, make: () => T): T {
  if (Object.hasOwn(map, key)) return map[key] as T;
  const value = make();
  // defineProperty, not `map[key] =`: the key '__proto__' would replace the prototype instead.
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}
