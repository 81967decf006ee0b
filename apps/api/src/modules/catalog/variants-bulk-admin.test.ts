import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createCartTestShop, errorCodeOf } from "../cart/cart-test-catalogue";
import { productVariants } from "./catalog.tables";

// PUT /admin/variants/bulk (decision 047's amendment): each row on its own transaction, through the single calls'
// paths, answered row by row in the order sent.

const ADMIN_KEY = "variants-bulk-admin-key-00";
const api = useTestApi((db) => createCartTestShop(db), { adminApiKeys: [ADMIN_KEY] });

const asAdmin = (method: "GET" | "PUT", url: string, payload?: object, authorization?: string) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, ...(authorization ? { authorization } : { "admin-key": ADMIN_KEY }) },
    ...(payload ? { payload } : {}),
  });
const bulk = (rows: object[], authorization?: string) => asAdmin("PUT", "/admin/variants/bulk", { rows }, authorization);

const stockOf = async (variantId: number) =>
  (
    await api.database.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]!.stock;
const productOf = async (productId: number) => (await asAdmin("GET", `/admin/products/${productId}`)).json().data;

describe("the bulk variant edit", () => {
  it("applies each row on its own and answers each in the order sent; a refused row changes nothing", async () => {
    const { variants, products } = api.seeded;
    const paperbackStock = await stockOf(variants.plainPaperback);
    const answer = await bulk([
      { variantId: variants.tiered, prices: { GBP: { amount: 1700, original: 2000 } }, stockQuantity: 7 },
      { variantId: 2_147_483_000, stockQuantity: 1 },
      // Its stock would change, but its price is in a currency the store does not sell: the whole row is refused.
      { variantId: variants.plainPaperback, stockQuantity: paperbackStock + 40, prices: { JPY: { amount: 100 } } },
      { variantId: variants.plainHardback, published: false },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.results).toEqual([
      { variantId: variants.tiered, ok: true },
      { variantId: 2_147_483_000, ok: false, errors: [expect.objectContaining({ code: "variant_not_found" })] },
      { variantId: variants.plainPaperback, ok: false, errors: [expect.objectContaining({ code: "currency_not_supported" })] },
      { variantId: variants.plainHardback, ok: true },
    ]);

    // Prices with the sale's original, the other currencies kept.
    const tiered = (await productOf(products.tiered.id)).variants.find((variant: { id: number }) => variant.id === variants.tiered);
    expect(tiered.prices).toMatchObject({ GBP: { amount: 1700, original: 2000 }, EUR: { amount: 2400 } });
    // Stock through inventory's rules: the count, and its line in the history with the reason and who.
    expect(await stockOf(variants.tiered)).toBe(7);
    const movements = (await asAdmin("GET", `/admin/variants/${variants.tiered}/stock-movements`)).json().data;
    expect(movements.movements[0]).toMatchObject({ reason: "bulk_edit", quantityAfter: 7 });
    // The refused row left its stock as it was.
    expect(await stockOf(variants.plainPaperback)).toBe(paperbackStock);
    // Publishing is the product's.
    expect((await productOf(products.plain.id)).isPublished).toBe(false);
    // Audited per change, inside each row's transaction.
    const audit = (await asAdmin("GET", `/admin/audit-log?operation=bulkEditAdminVariants`)).json().data.entries;
    expect(audit.map((entry: { resourceType: string; resourceId: string }) => `${entry.resourceType} ${entry.resourceId}`).sort()).toEqual(
      [`variant ${variants.tiered}`, `variant ${variants.tiered}`, `product ${products.plain.id}`].sort(),
    );
  });

  it("refuses a body of no rows, more than 200, a variant twice, or a row that changes nothing", async () => {
    const { variants } = api.seeded;
    const row = { variantId: variants.tiered, stockQuantity: 3 };
    for (const rows of [
      [],
      Array.from({ length: 201 }, (_, index) => ({ variantId: index + 1, stockQuantity: 1 })),
      [row, row],
      [{ variantId: variants.tiered }],
      [{ variantId: variants.tiered, stockQuantity: -1 }],
    ]) {
      const refused = await bulk(rows);
      expect(refused.statusCode, JSON.stringify(rows).slice(0, 80)).toBe(400);
      expect(refused.json().errors.length).toBeGreaterThanOrEqual(1);
    }
    expect(
      (await bulk(Array.from({ length: 200 }, (_, index) => ({ variantId: 2_000_000_000 + index, stockQuantity: 1 })))).statusCode,
    ).toBe(200);
  });

  it("is the catalogue permission's, a stock-only row too: fulfilment may not, a manager may", async () => {
    const storeId = api.seeded.store.id;
    const packer = await createSignedInStaff(api.database.db, { storeId, email: "packer@bulk.example", role: "fulfilment" });
    const manager = await createSignedInStaff(api.database.db, { storeId, email: "manager@bulk.example", role: "manager" });
    const rows = [{ variantId: api.seeded.variants.scarce, stockQuantity: 4 }];
    expect(errorCodeOf(await bulk(rows, `Bearer ${packer.token}`))).toBe("permission_denied");
    expect((await bulk(rows, `Bearer ${manager.token}`)).json().data.results).toEqual([
      { variantId: api.seeded.variants.scarce, ok: true },
    ]);
    expect(await stockOf(api.seeded.variants.scarce)).toBe(4);
  });
});
