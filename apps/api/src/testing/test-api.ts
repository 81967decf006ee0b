import { afterAll, beforeAll, expect } from "vitest";
import { buildApp, type App, type AppDeps } from "../app";
import type { Db } from "../db/client";
import { watchErrorAnswers } from "./error-answers";
import { createTestDatabase, type TestDatabase } from "./test-database";

import { TEST_API_KEY, TEST_HEADERS, TEST_TOKEN_SECRET } from "./test-constants";

export { TEST_API_KEY, TEST_HEADERS, TEST_TOKEN_SECRET } from "./test-constants";

/**
 * The API over a fresh database of its own for one test file: `seed` fills the database, then the app is
 * built with caches off (store settings and counts are read on every request, so a test's direct writes
 * show at once). Registers its own beforeAll/afterAll; the afterAll fails the file if any error answer broke
 * the error catalogue or its route's declared codes (testing/error-answers.ts).
 */
/** `options` may be worked out from what the seed answered (an in-memory index over the seeded database). */
export function useTestApi<T>(
  seed: (db: Db) => Promise<T>,
  options: Partial<Omit<AppDeps, "db">> | ((seeded: T) => Partial<Omit<AppDeps, "db">>) = {},
) {
  let database: TestDatabase | undefined;
  let app: App | undefined;
  let seeded: T | undefined;
  let errorAnswers: ReturnType<typeof watchErrorAnswers> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    seeded = await seed(database.db);
    const extra = typeof options === "function" ? options(seeded) : options;
    app = await buildApp({ db: database.db, apiKeys: [TEST_API_KEY], tokenSecret: TEST_TOKEN_SECRET, storeCacheTtlMs: 0, ...extra });
    errorAnswers = watchErrorAnswers(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    expect(errorAnswers?.problems() ?? [], "error answers outside the catalogue or their route's x-error-codes").toEqual([]);
  });

  const ready = <V>(value: V | undefined, name: string): V => {
    if (value === undefined) throw new Error(`${name} is available once beforeAll has run`);
    return value;
  };
  return {
    get database() {
      return ready(database, "the test database");
    },
    get app() {
      return ready(app, "the app");
    },
    get seeded() {
      return ready(seeded, "the seeded data");
    },
    /** GET with the test store's headers, plus any extra (e.g. currencycode). */
    get(url: string, extraHeaders: Record<string, string> = {}) {
      return ready(app, "the app").inject({ url, headers: { ...TEST_HEADERS, ...extraHeaders } });
    },
  };
}
