import { describe, expect, it } from "vitest";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createCartTestShop, errorCodeOf } from "../cart/cart-test-catalogue";

// POST /admin/products/bulk: one action for many products, each changed on its own through the single call's flow,
// answered product by product in the order sent.

const ADMIN_KEY = "products-bulk-admin-key-00";
const api = useTestApi((db) => createCartTestShop(db), { adminApiKeys: [ADMIN_KEY] });

const asAdmin = (method: "GET" | "POST", url: string, payload?: object, authorization?: string) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, ...(authorization ? { authorization } : { "admin-key": ADMIN_KEY }) },
    ...(payload ? { payload } : {}),
  });
const bulk = (action: string, productIds: number[], authorization?: string) =>
  asAdmin("POST", "/admin/products/bulk", { action, productIds }, authorization);
const stateOf = async (productId: number) => {
  const { isPublished, archivedAt } = (await asAdmin("GET", `/admin/products/${productId}`)).json().data;
  return { isPublished, archived: archivedAt !== null };
};
const shopperSees = async (slug: string) =>
  (await api.app.inject({ method: "GET", url: `/products/slug=${slug}`, headers: TEST_HEADERS })).statusCode === 200;

describe("the bulk product actions", () => {
  it("changes each product on its own and answers each in the order sent; a refused one changes nothing", async () => {
    const { plain, draft, sale } = api.seeded.products;
    expect(await shopperSees(plain.slug)).toBe(true);

    const archived = await bulk("archive", [draft.id]);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.results).toEqual([{ productId: draft.id, ok: true }]);
    expect(await stateOf(draft.id)).toEqual({ isPublished: false, archived: true });

    // An archived product cannot be published, a missing one is not found; the others are done, one already so.
    const published = await bulk("publish", [draft.id, 2_147_483_000, plain.id]);
    expect(published.json().data.results).toEqual([
      { productId: draft.id, ok: false, errors: [expect.objectContaining({ code: "product_archived" })] },
      { productId: 2_147_483_000, ok: false, errors: [expect.objectContaining({ code: "product_not_found" })] },
      { productId: plain.id, ok: true },
    ]);
    expect(await stateOf(draft.id)).toEqual({ isPublished: false, archived: true });

    // Unpublished, the product leaves the shop at once.
    expect((await bulk("unpublish", [plain.id, sale.id])).json().data.results).toEqual([
      { productId: plain.id, ok: true },
      { productId: sale.id, ok: true },
    ]);
    expect(await stateOf(plain.id)).toEqual({ isPublished: false, archived: false });
    expect(await shopperSees(plain.slug)).toBe(false);
    expect((await bulk("publish", [plain.id, sale.id])).json().data.results.every((result: { ok: boolean }) => result.ok)).toBe(true);
    expect(await shopperSees(plain.slug)).toBe(true);

    // Brought back from the archive, unpublished.
    expect((await bulk("unarchive", [draft.id])).json().data.results).toEqual([{ productId: draft.id, ok: true }]);
    expect(await stateOf(draft.id)).toEqual({ isPublished: false, archived: false });

    // Audited per product that changed (publishing the published product changed nothing, so wrote nothing).
    const audit = (await asAdmin("GET", "/admin/audit-log?operation=bulkAdminProducts&limit=100")).json().data.entries;
    expect(audit.map((entry: { resourceId: string }) => Number(entry.resourceId)).sort((a: number, b: number) => a - b)).toEqual(
      [draft.id, draft.id, plain.id, plain.id, sale.id, sale.id].sort((a, b) => a - b),
    );
  });

  it("refuses no products, more than 200, a product twice, or an action it does not know", async () => {
    const { plain } = api.seeded.products;
    for (const [action, productIds] of [
      ["publish", []],
      ["publish", Array.from({ length: 201 }, (_, index) => index + 1)],
      ["publish", [plain.id, plain.id]],
      ["delete", [plain.id]],
      ["publish", [0]],
    ] as const) {
      const refused = await bulk(action, [...productIds]);
      expect(refused.statusCode, `${action} ${productIds.length}`).toBe(400);
      expect(refused.json().errors.length).toBeGreaterThanOrEqual(1);
    }
    const many = await bulk(
      "unpublish",
      Array.from({ length: 200 }, (_, index) => 2_000_000_000 + index),
    );
    expect(many.statusCode).toBe(200);
    expect(many.json().data.results).toHaveLength(200);
  });

  it("is the catalogue permission's: fulfilment may not, a manager may", async () => {
    const storeId = api.seeded.store.id;
    const packer = await createSignedInStaff(api.database.db, { storeId, email: "packer@products-bulk.example", role: "fulfilment" });
    const manager = await createSignedInStaff(api.database.db, { storeId, email: "manager@products-bulk.example", role: "manager" });
    const { gbpOnly } = api.seeded.products;
    expect(errorCodeOf(await bulk("unpublish", [gbpOnly.id], `Bearer ${packer.token}`))).toBe("permission_denied");
    expect(await stateOf(gbpOnly.id)).toMatchObject({ isPublished: true });
    expect((await bulk("unpublish", [gbpOnly.id], `Bearer ${manager.token}`)).json().data.results).toEqual([
      { productId: gbpOnly.id, ok: true },
    ]);
    expect(await stateOf(gbpOnly.id)).toMatchObject({ isPublished: false });
  });
});
