import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProductType, createStore } from "../testing/factories";
import { createSignedInStaff } from "../testing/staff-factories";
import { drainJobs } from "../testing/test-jobs";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";
import { parseCatalogueArgs, runCatalogueCommand, type CatalogueCommandDeps } from "./catalogue-command";

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  await createCategory(db, { storeId: store.id, slug: "maps", name: "Maps" });
  const owner = await createSignedInStaff(db, { storeId: store.id, email: "owner@staff.example", role: "owner" });
  return { store, owner };
});

let apiUrl: string;
let token: string;
beforeAll(async () => {
  await api.app.listen({ host: "127.0.0.1", port: 0 });
  apiUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  // The CLI acts as an API token, made by an owner as an integration's would be.
  const created = await api.app.inject({
    method: "POST",
    url: "/admin/api-tokens",
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${api.seeded.owner.token}` },
    payload: { name: "Catalogue script", role: "manager", expiresInDays: 1 },
  });
  token = created.json().data.token;
});

const FILE = [
  "handle,name,published,categories,sku,stock,price_GBP",
  "river-atlas,River Atlas,true,maps,ATLAS-1,3,20.00",
  "coast-atlas,Coast Atlas,true,maps,ATLAS-2,1,22.00",
].join("\n");

/** The command's world, in memory: files by name, what it says, what it writes; the API is the test's, over HTTP. */
function world(files: Record<string, string>, overrides: Partial<CatalogueCommandDeps> = {}) {
  const said: string[] = [];
  const written = new Map<string | null, string>();
  let onSaid: ((line: string) => void) | null = null;
  const deps: CatalogueCommandDeps = {
    apiUrl,
    token,
    storeKey: TEST_HEADERS.storekey,
    fetch,
    readFile: async (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`no file ${path}`);
      return Buffer.from(text);
    },
    write: async (out, text) => void written.set(out, text),
    say: (line) => {
      said.push(line);
      onSaid?.(line);
    },
    pollMs: 0,
    ...overrides,
  };
  /** Resolves when the command says a line matching `pattern`: the signal a test waits on. */
  const saying = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const found = said.find((line) => pattern.test(line));
      if (found) resolve(found);
      else onSaid = (line) => pattern.test(line) && resolve(line);
    });
  return { deps, said, written, saying };
}

describe("npm run catalogue", () => {
  it("checks a file, imports it following its progress, and exports the catalogue, as an API token", async () => {
    const checked = world({ "atlases.csv": FILE });
    expect(await runCatalogueCommand(checked.deps, parseCatalogueArgs(["check", "atlases.csv", "--format", "quire"]))).toBe(0);
    expect(checked.said[0]).toBe("2 rows, 2 products: 2 to create, 0 to change, 0 unchanged, 0 with errors (skipped)");

    const imported = world({ "atlases.csv": FILE });
    const running = runCatalogueCommand(imported.deps, parseCatalogueArgs(["import", "atlases.csv", "--format", "quire", "--wait"]));
    await imported.saying(/^Import \d+ started: 2 products/);
    // The API's job worker, as it would run the import.
    await drainJobs(api.database.db, { only: ["catalogue-import"] });
    expect(await running).toBe(0);
    expect(imported.said.at(-1)).toMatch(/\] 2\/2 products \(2 created, 0 changed, 0 unchanged, 0 failed\): succeeded$/);

    const id = /^Import (\d+)/.exec(imported.said[0]!)![1]!;
    const status = world({});
    expect(await runCatalogueCommand(status.deps, parseCatalogueArgs(["status", id]))).toBe(0);
    expect(status.said[0]).toMatch(new RegExp(`^Import ${id} \\(quire, asked by Catalogue script at `));

    const exported = world({});
    expect(await runCatalogueCommand(exported.deps, parseCatalogueArgs(["export", "--format", "quire", "--out", "out.csv"]))).toBe(0);
    expect(exported.written.get("out.csv")).toContain("river-atlas,River Atlas");
  });

  it("says what is wrong and exits 1: a file with problems, a refused token", async () => {
    const bad = world({ "bad.csv": "handle,name,sku,price_GBP\nbad-atlas,Bad,BAD-1,twenty\n" });
    expect(await runCatalogueCommand(bad.deps, parseCatalogueArgs(["check", "bad.csv", "--format", "quire"]))).toBe(1);
    expect(bad.said).toContain(
      '  error row 2, price_GBP: "twenty" is not an amount of money: write it like 12.50, without a symbol (invalid_price)',
    );

    const refused = world({}, { token: "qt_not-a-real-token-0000000000000000000000000" });
    expect(await runCatalogueCommand(refused.deps, parseCatalogueArgs(["export", "--format", "quire"]))).toBe(1);
    expect(refused.said[0]).toMatch(/^The API answered 401: /);
  });

  it("refuses what it cannot run before calling anything", () => {
    expect(() => parseCatalogueArgs(["import", "x.csv"])).toThrow("Give --format shopify or --format quire");
    expect(() => parseCatalogueArgs(["status", "abc"])).toThrow("status needs an import's id");
    expect(() => parseCatalogueArgs(["delete"])).toThrow("Unknown command: delete");
    expect(parseCatalogueArgs([])).toEqual({ name: "help" });
  });
});
