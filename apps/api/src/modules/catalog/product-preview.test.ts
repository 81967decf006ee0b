import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_TOKEN_SECRET } from "../../testing/test-constants";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createPreviewToken, previewLinkSecretOf } from "../../security/preview-links";
import { auditLog } from "../audit/audit.tables";
import { stores } from "../stores/stores.tables";

/*
 * "View in shop" for a product not in the shop yet: the merchant's preview link (POST /admin/products/:id/preview-link)
 * opens the product's page as a shopper would see it once published (POST /products/preview), and nothing else does.
 */
const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const other = await createStore(db, { key: "other-store", name: "Other" });
  const bookType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
  const writer = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
  return { store, other, bookType, manager, writer };
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const asStaff = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const asManager = (method: Method, url: string, payload?: object) => asStaff(api.seeded.manager.token, method, url, payload);
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
const preview = (token: unknown, headers: Record<string, string> = TEST_HEADERS) =>
  api.app.inject({ method: "POST", url: "/products/preview", headers, payload: { token } });
const secret = () => previewLinkSecretOf(TEST_TOKEN_SECRET);

let made = 0;
async function createDraft(): Promise<{ id: number; slug: string }> {
  const n = ++made;
  const created = await asManager("POST", "/admin/products", {
    slug: `the-draft-${n}`,
    name: `The Draft ${n}`,
    productTypeId: api.seeded.bookType.id,
    isPublished: false,
    variants: [{ sku: `DRAFT-${n}`, name: "Hardback", stockQuantity: 4, prices: { GBP: { amount: 1800, original: 2400 } } }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data;
}

describe("a product's preview link", () => {
  it("shows a draft's page, priced and stocked as the shop would show it, to whoever has the link, and audits the link", async () => {
    const draft = await createDraft();
    expect((await api.app.inject({ url: `/products/slug=${draft.slug}`, headers: TEST_HEADERS })).statusCode).toBe(404);

    const answer = await asManager("POST", `/admin/products/${draft.id}/preview-link`);
    expect(answer.statusCode, answer.body).toBe(200);
    const link = answer.json().data;
    expect(link.url).toBe(`http://localhost:3000/store/product/${draft.slug}?preview=${encodeURIComponent(link.token)}`);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const shown = await preview(link.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect(shown.json().data).toMatchObject({
      id: draft.id,
      slug: draft.slug,
      name: `The Draft ${made}`,
      variants: [
        {
          sku: `DRAFT-${made}`,
          price: { amount: 1800, originalPrice: 2400, lowestPriorPrice: 1800, currencyCode: "GBP" },
          isPurchasable: true,
        },
      ],
    });

    const audit = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "product"), eq(auditLog.resourceId, String(draft.id))));
    expect(audit.map((entry) => entry.operation)).toEqual(expect.arrayContaining(["createAdminProduct", "createAdminProductPreviewLink"]));
  });

  it("opens nothing for an altered link, another store's, a page's or a post's of the same id, or a product since deleted", async () => {
    const draft = await createDraft();
    const { token } = (await asManager("POST", `/admin/products/${draft.id}/preview-link`)).json().data;
    const other = await createDraft();
    expect(codeOf(await preview(token.replace(/^\d+/, String(other.id))))).toBe("product_preview_link_invalid");
    const forOtherStore = createPreviewToken(secret(), { storeId: api.seeded.other.id, kind: "product", id: draft.id });
    expect(codeOf(await preview(forOtherStore.token))).toBe("product_preview_link_invalid");
    expect((await preview(token, { ...TEST_HEADERS, storekey: "other-store" })).statusCode).toBe(404);
    for (const kind of ["page", "post"] as const) {
      const another = createPreviewToken(secret(), { storeId: api.seeded.store.id, kind, id: draft.id });
      expect(codeOf(await preview(another.token)), kind).toBe("product_preview_link_invalid");
    }
    expect((await asManager("DELETE", `/admin/products/${other.id}`)).statusCode).toBeLessThan(300);
    const ofDeleted = createPreviewToken(secret(), { storeId: api.seeded.store.id, kind: "product", id: other.id });
    const deleted = await preview(ofDeleted.token);
    expect([deleted.statusCode, codeOf(deleted)]).toEqual([404, "product_preview_link_invalid"]);
  });

  it("answers 410 for a genuine link past its week, and 400 for what is not a token", async () => {
    const draft = await createDraft();
    const old = createPreviewToken(
      secret(),
      { storeId: api.seeded.store.id, kind: "product", id: draft.id },
      new Date(Date.now() - 8 * 86_400_000),
    );
    const expired = await preview(old.token);
    expect([expired.statusCode, codeOf(expired)]).toEqual([410, "product_preview_link_expired"]);
    for (const token of ["", "1.2.3", "x".repeat(5000), 12, null]) {
      const refused = await preview(token);
      expect(refused.statusCode, JSON.stringify(token)).toBe(400);
      expect(refused.json().errors[0].field).toBe("body.token");
    }
  });

  it("shows the product where the shop hides its products from visitors, with the prices they would see", async () => {
    const draft = await createDraft();
    const { token } = (await asManager("POST", `/admin/products/${draft.id}/preview-link`)).json().data;
    const setPolicy = (anonymousCustomerProductPolicy: string) =>
      api.database.db.update(stores).set({ anonymousCustomerProductPolicy }).where(eq(stores.id, api.seeded.store.id));
    try {
      await setPolicy("HiddenForUnauthorized");
      const shown = await preview(token);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().data).toMatchObject({ id: draft.id, pricesHidden: true, variants: [{ price: null }] });
    } finally {
      await setPolicy("AllowedUnauthorizedCheckout");
    }
  });

  it("is made only by a role that edits the catalogue, and only for the store's own products", async () => {
    const draft = await createDraft();
    expect((await asStaff(api.seeded.writer.token, "POST", `/admin/products/${draft.id}/preview-link`)).statusCode).toBe(403);
    const unknown = await asManager("POST", "/admin/products/2147483647/preview-link");
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, "product_not_found"]);
    expect((await asManager("POST", "/admin/products/0/preview-link")).statusCode).toBe(400);
  });
});
