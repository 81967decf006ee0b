import pg from "pg";
import { Agent, request } from "undici";
import { DEMO_STORE_KEY } from "./databases";

/*
 * Issue 11's search figures: what a shopper typing into the search box sends, and the search results page.
 * The texts come from the catalogue being measured (titles, authors, ISBNs), cut where a typing shopper's
 * requests would be: "sa", "salt", "salt an"..., some with a typo, some an ISBN.
 */

/** A seeded generator, so every run sends the same texts in the same order. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What a shopper has typed after each pause while typing `text`: from two letters on, at word ends and mid-word. */
function typedPrefixes(text: string): string[] {
  const lower = text.toLowerCase();
  const prefixes = new Set<string>();
  for (let end = 2; end <= lower.length; end += 3) prefixes.add(lower.slice(0, end).trimEnd());
  prefixes.add(lower);
  return [...prefixes].filter((prefix) => prefix.length >= 2);
}

/** One typo a hurried typist makes: two neighbouring letters swapped inside the longest word. */
function withTypo(text: string, random: () => number): string {
  const words = text.toLowerCase().split(" ");
  const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
  const word = words[longest]!;
  if (word.length < 5) return text.toLowerCase();
  const at = 1 + Math.floor(random() * (word.length - 3));
  words[longest] = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return words.join(" ");
}

/**
 * The texts of the autocomplete load, in order: prefixes of 60 titles and 20 authors, 20 misspelt titles and
 * 20 ISBNs, drawn from the catalogue with a fixed seed.
 */
export async function autocompleteTexts(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const store = await client.query<{ id: number }>("select id from stores where key = $1", [DEMO_STORE_KEY]);
    const storeId = store.rows[0]!.id;
    // A sample spread over the whole catalogue, the same each run (the products' ids are dense).
    const titles = await client.query<{ title: string; authors: string; isbn: string | null }>(
      `select d.title, d.authors, (select v.isbn from product_variants v where v.product_id = d.product_id and v.isbn is not null limit 1) as isbn
         from search_documents d where d.store_id = $1 and d.product_id % 97 = 13 order by d.product_id limit 100`,
      [storeId],
    );
    const random = seededRandom(0x5ea4c4);
    const rows = titles.rows;
    const texts: string[] = [];
    for (const row of rows.slice(0, 60)) texts.push(...typedPrefixes(row.title));
    for (const row of rows.slice(60, 80)) texts.push(...typedPrefixes(row.authors.split(",")[0]!));
    for (const row of rows.slice(80, 100)) texts.push(withTypo(row.title, random));
    for (const row of rows.slice(0, 20)) if (row.isbn) texts.push(row.isbn);
    // Shuffled, so concurrent clients do not all type the same title at once.
    for (let index = texts.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [texts[index], texts[other]] = [texts[other]!, texts[index]!];
    }
    return texts;
  } finally {
    await client.end();
  }
}

/** Whole words to search for on the results page: the first word of 40 titles, longer than three letters. */
export function resultPageWords(texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    const word = text.split(" ")[0]!;
    if (word.length > 3 && !/\d/.test(word)) words.add(word);
    if (words.size === 40) break;
  }
  return [...words];
}

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.POSITIVE_INFINITY;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * `connections` clients, each sending the next URL as soon as its last answer is in, for `durationSeconds`:
 * every request's time is kept, so p95 is exact (autocannon reports p90 and p97.5, not p95).
 */
export async function loadUrls(
  urls: string[],
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LatencyFigures> {
  const agent = new Agent({ connections: options.connections, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const end = started + options.durationSeconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < end) {
          const url = urls[next++ % urls.length]!;
          const sent = performance.now();
          try {
            const answer = await request(url, { dispatcher: agent, headers: { "accept-encoding": "gzip", ...options.headers } });
            await answer.body.dump();
            if (answer.statusCode !== 200) errors += 1;
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - sent);
        }
      }),
    );
  } finally {
    await agent.close();
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    requests: latencies.length,
    errors,
  };
}
