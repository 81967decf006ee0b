import { expect } from "vitest";

/** An admin GET as a test sends it (app.inject's answer). */
type Get = (url: string) => Promise<{ statusCode: number; body: string; json(): unknown }>;

/**
 * The ids a sorted list answers for `url` (its filters, `sort` and `limit`), read page by page from the first with
 * the key each answer's `nextAfter` gives, the rows under `items`; each answer is 200 and has no `nextBefore` (which
 * only a newest-first list gives). Stops after ten ids, so a key that leads nowhere new fails rather than loops.
 */
export async function walkSortedPages(get: Get, url: string, items: string): Promise<number[]> {
  const seen: number[] = [];
  let after: string | null = null;
  do {
    const answer = await get(`${url}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = (answer.json() as { data: { nextBefore: number | null; nextAfter: string | null } & Record<string, unknown> }).data;
    expect(data.nextBefore).toBeNull();
    seen.push(...(data[items] as { id: number }[]).map((row) => row.id));
    after = data.nextAfter;
  } while (after !== null && seen.length < 10);
  return seen;
}
