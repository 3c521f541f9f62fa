// The editor's lists (departures, itinerary steps, photos, weekly windows) change as whole new arrays.

/** Moves an item by `delta` places; out of range leaves the list as it is. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item);
  return copy;
}

/** The list with one item's fields replaced. */
export const patchAt = <T>(list: readonly T[], index: number, patch: Partial<T>): T[] =>
  list.map((item, i) => (i === index ? { ...item, ...patch } : item));

export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);
