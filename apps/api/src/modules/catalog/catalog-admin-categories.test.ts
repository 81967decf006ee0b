import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
  return { store, manager };
});

type Method = "GET" | "POST" | "PUT";
const asManager = (method: Method, url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${api.seeded.manager.token}` },
    ...(payload ? { payload } : {}),
  });
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;

let made = 0;
async function category(body: { name?: string; parentId?: number | null; position?: number } = {}) {
  const n = ++made;
  const answer = await asManager("POST", "/admin/categories", { slug: `shelf-${n}`, name: body.name ?? `Shelf ${n}`, ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: number; slug: string; depth: number; parentId: number | null };
}
const tree = async () =>
  (await asManager("GET", "/admin/categories")).json().data as { id: number; parentId: number | null; depth: number }[];

describe("the merchant's categories", () => {
  it("creates a tree, and moves a category with everything under it", async () => {
    const fiction = await category();
    const crime = await category({ parentId: fiction.id });
    const cosy = await category({ parentId: crime.id });
    expect([crime.depth, cosy.depth]).toEqual([1, 2]);
    const other = await category();

    const moved = await asManager("PUT", `/admin/categories/${crime.id}`, { parentId: other.id });
    expect(moved.json().data).toMatchObject({ parentId: other.id, depth: 1 });
    const after = await tree();
    expect(after.find((row) => row.id === cosy.id)).toMatchObject({ parentId: crime.id, depth: 2 });
    // Each category follows its parent in the list.
    const order = after.map((row) => row.id);
    expect(order.indexOf(other.id)).toBeLessThan(order.indexOf(crime.id));
    expect(order.indexOf(crime.id)).toBeLessThan(order.indexOf(cosy.id));

    const top = await asManager("PUT", `/admin/categories/${crime.id}`, { parentId: null });
    expect(top.json().data).toMatchObject({ parentId: null, depth: 0 });
    expect((await tree()).find((row) => row.id === cosy.id)).toMatchObject({ depth: 1 });
  });

  it("refuses to move a category under itself or its own subcategory, even two moves at once", async () => {
    const a = await category();
    const b = await category({ parentId: a.id });
    expect(codeOf(await asManager("PUT", `/admin/categories/${a.id}`, { parentId: b.id }))).toBe("category_cycle");
    expect(codeOf(await asManager("PUT", `/admin/categories/${a.id}`, { parentId: a.id }))).toBe("category_cycle");

    const c = await category();
    const d = await category();
    const answers = await Promise.all([
      asManager("PUT", `/admin/categories/${c.id}`, { parentId: d.id }),
      asManager("PUT", `/admin/categories/${d.id}`, { parentId: c.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await tree();
    const parentOf = (id: number) => rows.find((row) => row.id === id)?.parentId;
    expect([parentOf(c.id), parentOf(d.id)].filter((parent) => parent === null)).toHaveLength(1);
  });

  it("renames with a 301 from the old address, reorders siblings, and hides a category from the shop", async () => {
    const parent = await category();
    const first = await category({ parentId: parent.id, position: 1 });
    const second = await category({ parentId: parent.id, position: 2 });
    await asManager("PUT", `/admin/categories/${second.id}`, { position: 0 });
    const siblings = (await tree()).filter((row) => row.parentId === parent.id).map((row) => row.id);
    expect(siblings).toEqual([second.id, first.id]);

    const renamed = await asManager("PUT", `/admin/categories/${first.id}`, { slug: `${first.slug}-new`, name: "Renamed" });
    expect(renamed.json().data).toMatchObject({ slug: `${first.slug}-new`, name: "Renamed" });
    const redirects = JSON.stringify(
      (await api.app.inject({ method: "GET", url: "/redirects?PageSize=100", headers: TEST_HEADERS })).json(),
    );
    expect(redirects).toContain(`"oldUrl":"/store/${first.slug}","newUrl":"/store/${first.slug}-new"`);

    const shopView = () => api.app.inject({ method: "GET", url: `/categories/slug=${first.slug}-new`, headers: TEST_HEADERS });
    expect((await shopView()).statusCode).toBe(200);
    await asManager("PUT", `/admin/categories/${parent.id}`, { isVisible: false });
    expect((await shopView()).statusCode).toBe(404);
  });

  it("sets a title and description for search results, shown to the shop and the merchant", async () => {
    const shelf = await category();
    const shopper = async () => (await api.get(`/categories/slug=${shelf.slug}`)).json().data;
    expect(await shopper()).toMatchObject({ seoTitle: "", seoDescription: "" });

    const changed = await asManager("PUT", `/admin/categories/${shelf.id}`, {
      seoTitle: "Cosy crime novels",
      seoDescription: "Murder, tea.",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ seoTitle: "Cosy crime novels", seoDescription: "Murder, tea." });
    expect(await shopper()).toMatchObject({ seoTitle: "Cosy crime novels", seoDescription: "Murder, tea." });

    const created = await asManager("POST", "/admin/categories", { slug: `shelf-${++made}`, name: "Shelf", seoTitle: "Shelf of books" });
    expect(created.json().data).toMatchObject({ seoTitle: "Shelf of books", seoDescription: "" });
    expect((await asManager("PUT", `/admin/categories/${shelf.id}`, { seoTitle: "x".repeat(71) })).statusCode).toBe(400);
  });

  it("refuses a taken slug, another store's parent and an empty change", async () => {
    const one = await category();
    const taken = await asManager("POST", "/admin/categories", { slug: one.slug, name: "Again" });
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, "category_slug_taken"]);
    expect(codeOf(await asManager("POST", "/admin/categories", { slug: "orphan", name: "Orphan", parentId: 2147483647 }))).toBe(
      "category_not_found",
    );
    expect(codeOf(await asManager("PUT", "/admin/categories/2147483647", { name: "Nobody" }))).toBe("category_not_found");
    expect((await asManager("PUT", `/admin/categories/${one.id}`, {})).statusCode).toBe(400);
  });
});
