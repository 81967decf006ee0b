import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../testing/factories";
import { createSignedInStaff } from "../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";
import { parseAdminArgs, runAdminCommand } from "./admin-command";

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "river-atlas",
    name: "River Atlas",
    variants: [{ sku: "ATLAS-1", name: "Hardback", stockQuantity: 3, prices: { GBP: { amount: 2000 } } }],
  });
  const owner = await createSignedInStaff(db, { storeId: store.id, email: "owner@staff.example", role: "owner" });
  return { store, owner };
});

let apiUrl: string;
const tokens: Record<"fulfilment" | "content" | "owner", string> = { fulfilment: "", content: "", owner: "" };
beforeAll(async () => {
  await api.app.listen({ host: "127.0.0.1", port: 0 });
  apiUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  // The CLI acts as an API token, made by an owner for a script, each with its role's permissions.
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) {
    const created = await api.app.inject({
      method: "POST",
      url: "/admin/api-tokens",
      headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${api.seeded.owner.token}` },
      payload: { name: `${role} script`, role, expiresInDays: 1 },
    });
    tokens[role] = created.json().data.token;
  }
});

/** Runs `npm run admin -- <argv>` as the token of `role`; answers its exit code and what it said. */
async function admin(argv: string, role: keyof typeof tokens = "fulfilment") {
  const said: string[] = [];
  const code = await runAdminCommand(
    { apiUrl, token: tokens[role], storeKey: TEST_HEADERS.storekey, fetch, say: (line) => void said.push(line) },
    parseAdminArgs(argv.split(" ")),
  );
  return { code, said: said.join("\n") };
}

describe("npm run admin, as an API token", () => {
  it("counts, adjusts and lists a variant's stock by its SKU, each change with its reason in the history", async () => {
    // Three is at or below the store's low-stock setting.
    expect(await admin("stock show ATLAS-1")).toEqual({ code: 0, said: "ATLAS-1 (River Atlas, Hardback): 3 in stock, low" });
    expect((await admin("stock set ATLAS-1 10 --reason count --note stock-take")).said).toContain(": 10 in stock");
    expect((await admin("stock adjust ATLAS-1 -2 --reason damaged")).said).toContain(": 8 in stock");
    const history = await admin("stock history ATLAS-1");
    expect(history.code).toBe(0);
    const lines = history.said.split("\n");
    expect(lines[0]).toMatch(/-2 -> 8 {2}damaged by fulfilment script$/);
    expect(lines[1]).toMatch(/\+7 -> 10 {2}count by fulfilment script: stock-take$/);

    // Ten is above the low-stock setting: nothing is low now.
    expect(await admin("stock low")).toEqual({ code: 0, said: "Nothing is low on stock" });
    expect(await admin("stock adjust NO-SUCH-SKU 1 --reason received")).toEqual({
      code: 1,
      said: "The API answered 404: variant_not_found: No variant of this store has this SKU",
    });
    const below = await admin("stock adjust ATLAS-1 -100 --reason lost");
    expect(below.code).toBe(1);
    expect(below.said).toContain("409");
  });

  it("invites a member of staff as an owner's token, and is refused what the token's role may not do", async () => {
    const invited = await admin("staff invite --email new.packer@staff.example --name Nell --role fulfilment", "owner");
    expect(invited.code).toBe(0);
    expect(invited.said).toMatch(/^Invited new\.packer@staff\.example as fulfilment/);

    const notOwner = await admin("staff invite --email someone@staff.example --name Sam --role content", "fulfilment");
    expect(notOwner.code).toBe(1);
    expect(notOwner.said).toContain("403");
    const contentToken = await admin("stock set ATLAS-1 1 --reason count", "content");
    expect(contentToken.code).toBe(1);
    expect(contentToken.said).toContain("permission_denied");
  });

  it("says what is wrong with a command before calling anything", () => {
    expect(() => parseAdminArgs(["stock", "set", "ATLAS-1", "ten", "--reason", "count"])).toThrow("whole number");
    expect(() => parseAdminArgs(["stock", "set", "ATLAS-1", "5"])).toThrow("--reason");
    expect(() => parseAdminArgs(["stock", "adjust", "ATLAS-1", "0", "--reason", "count"])).toThrow("not zero");
    expect(() => parseAdminArgs(["staff", "invite", "--email", "a@b.example", "--name", "A", "--role", "king"])).toThrow("--role");
    expect(() => parseAdminArgs(["shelves", "dust"])).toThrow("Unknown command");
    expect(parseAdminArgs([])).toEqual({ name: "help" });
  });
});
