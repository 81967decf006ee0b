/**
 * The positions to send after `id` moves one place up or down among `items` (ordered by position, then id): each
 * item numbered 0, 1, 2... in the new order, so items that shared a position get their own; only the ones that
 * change. None when it cannot move that way.
 */
export function orderMoves(
  items: readonly { id: number; position: number }[],
  id: number,
  direction: "up" | "down",
): { id: number; position: number }[] {
  const ordered = [...items].sort((a, b) => a.position - b.position || a.id - b.id);
  const from = ordered.findIndex((item) => item.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ordered.length) return [];
  [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
  return ordered.flatMap((item, position) => (item.position === position ? [] : [{ id: item.id, position }]));
}

/** The position after the last of `items`: where a new one goes. */
export function nextPosition(items: readonly { position: number }[]): number {
  return items.length === 0 ? 0 : Math.min(100_000, Math.max(...items.map((item) => item.position)) + 1);
}
