import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApi } from "../../testing/test-api";
import { createTestCatalogue } from "./catalog-test-catalogue";
import { categories } from "./catalog.tables";

const api = useTestApi(createTestCatalogue);

const get = api.get;

interface Node {
  slug: string;
  nodes: Node[];
}
const slugs = (nodes: Node[]): unknown => nodes.map((node) => (node.nodes.length ? { [node.slug]: slugs(node.nodes) } : node.slug));

describe("GET /categories/tree", () => {
  it("answers data.nodes: visible categories nested, ordered by position then name, hidden subtrees left out", async () => {
    const response = await get("/categories/tree");
    expect(response.statusCode).toBe(200);
    const { nodes } = response.json().data;
    expect(slugs(nodes)).toEqual([{ gifts: ["anniversaries", { "for-her": ["birthdays"] }, "for-him"] }, "childrens"]);
    expect(nodes[0]).toMatchObject({
      id: api.seeded.categories.gifts.id,
      parentId: null,
      name: "Gifts",
      description: "Gift books",
      position: 0,
      depth: 0,
    });
    expect(nodes[0].nodes[1].nodes[0]).toMatchObject({ slug: "birthdays", depth: 2, parentId: api.seeded.categories.forHer.id, nodes: [] });
  });

  it("serves another store its own tree", async () => {
    const response = await get("/categories/tree", { storekey: "other-store" });
    expect(slugs(response.json().data.nodes)).toEqual(["gifts"]);
    expect(response.json().data.nodes[0].name).toBe("Other Gifts");
  });
});

describe("GET /categories", () => {
  it("pages every visible category in a paged result", async () => {
    const response = await get("/categories?PageSize=4");
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 6, pageNumber: 1, pageSize: 4, totalPages: 2 });
    expect(data.results.map((category: { slug: string }) => category.slug)).toEqual(["gifts", "childrens", "anniversaries", "for-her"]);
    const second = (await get("/categories?PageSize=4&PageNumber=2")).json().data;
    expect(second.results.map((category: { slug: string }) => category.slug)).toEqual(["for-him", "birthdays"]);
  });

  it("lists only roots with Level=root", async () => {
    const data = (await get("/categories?Level=root")).json().data;
    expect(data.results.map((category: { slug: string }) => category.slug)).toEqual(["gifts", "childrens"]);
    expect(data.total).toBe(2);
  });

  it("lists the children of ParentId, and nothing under a hidden parent", async () => {
    const data = (await get(`/categories?ParentId=${api.seeded.categories.gifts.id}`)).json().data;
    expect(data.results.map((category: { slug: string }) => category.slug)).toEqual(["anniversaries", "for-her", "for-him"]);
    const hidden = (await get(`/categories?ParentId=${api.seeded.categories.secret.id}`)).json().data;
    expect(hidden).toMatchObject({ results: [], total: 0, totalPages: 0 });
  });

  it("answers an empty page past the end with the real total", async () => {
    const data = (await get("/categories?PageNumber=5&PageSize=10")).json().data;
    expect(data).toEqual({ results: [], total: 6, pageNumber: 5, pageSize: 10, totalPages: 1 });
  });

  it("refuses ParentId with Level, bad paging and unknown parameters with 400", async () => {
    const both = await get(`/categories?ParentId=1&Level=root`);
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].code).toBe("conflicting_parameters");
    for (const query of ["Level=leaf", "PageSize=0", "PageSize=101", "PageNumber=0", "ParentId=abc"]) {
      const response = await get(`/categories?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code, query).toBe("invalid_input");
    }
    const deepest = await get("/categories?PageSize=100&PageNumber=101");
    expect(deepest.statusCode).toBe(200);
    const tooDeep = await get("/categories?PageSize=100&PageNumber=102");
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors[0]).toMatchObject({ code: "invalid_input", field: "querystring.PageNumber" });
    const unknown = await get("/categories?parentid=1");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].code).toBe("unknown_parameter");
  });
});

describe("GET /categories/:id and /categories/slug=:slug", () => {
  it("answers a category with breadcrumbs (ancestors, root first) and visible children", async () => {
    const { gifts, forHer, birthdays } = api.seeded.categories;
    const response = await get(`/categories/${birthdays.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: birthdays.id,
      parentId: forHer.id,
      slug: "birthdays",
      name: "Birthdays",
      description: "",
      position: 0,
      depth: 2,
      seoTitle: "",
      seoDescription: "",
      breadcrumbs: [
        { id: gifts.id, slug: "gifts", name: "Gifts" },
        { id: forHer.id, slug: "for-her", name: "For Her" },
      ],
      children: [],
    });
  });

  it("finds the same category by slug, with its children in order", async () => {
    const response = await get("/categories/slug=gifts");
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.id).toBe(api.seeded.categories.gifts.id);
    expect(data.breadcrumbs).toEqual([]);
    expect(data.children.map((child: { slug: string }) => child.slug)).toEqual(["anniversaries", "for-her", "for-him"]);
    expect(data.children[1]).toEqual({
      id: api.seeded.categories.forHer.id,
      parentId: api.seeded.categories.gifts.id,
      slug: "for-her",
      name: "For Her",
      description: "",
      position: 0,
      depth: 1,
    });
  });

  it("answers 404 for unknown, hidden, under-hidden and other stores' categories", async () => {
    const { secret, underSecret } = api.seeded.categories;
    for (const url of [
      "/categories/999999",
      `/categories/${secret.id}`,
      `/categories/${underSecret.id}`,
      "/categories/slug=secret",
      "/categories/slug=no-such-category",
      `/categories/${api.seeded.other.gifts.id}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().errors[0].code, url).toBe("category_not_found");
    }
  });

  it("serves a store only its own category behind a shared slug", async () => {
    const response = await get("/categories/slug=gifts", { storekey: "other-store" });
    expect(response.json().data).toMatchObject({ id: api.seeded.other.gifts.id, name: "Other Gifts" });
  });

  it("refuses malformed ids and slugs with 400", async () => {
    for (const url of [
      "/categories/abc",
      "/categories/0",
      "/categories/1.5",
      "/categories/99999999999",
      "/categories/slug=Not_A_Slug",
      "/categories/slug=",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors.length, url).toBeGreaterThan(0);
    }
  });
});

describe("GET /categories/subcategories", () => {
  it("answers the visible children of CategoryId", async () => {
    const response = await get(`/categories/subcategories?CategoryId=${api.seeded.categories.gifts.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((child: { slug: string }) => child.slug)).toEqual(["anniversaries", "for-her", "for-him"]);
    const leaf = await get(`/categories/subcategories?CategoryId=${api.seeded.categories.birthdays.id}`);
    expect(leaf.json().data).toEqual([]);
  });

  it("answers 404 for a hidden category and 400 without CategoryId", async () => {
    const hidden = await get(`/categories/subcategories?CategoryId=${api.seeded.categories.secret.id}`);
    expect(hidden.statusCode).toBe(404);
    const missing = await get("/categories/subcategories");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe("querystring.CategoryId");
  });
});

describe("a hidden category inside a visible one", () => {
  it("leaves the hidden branch out of the tree, the parent's children and its product listing", async () => {
    const { gifts, forHer } = api.seeded.categories;
    await api.database.db.update(categories).set({ isVisible: false }).where(eq(categories.id, forHer.id));
    try {
      expect(slugs((await get("/categories/tree")).json().data.nodes)).toEqual([{ gifts: ["anniversaries", "for-him"] }, "childrens"]);
      const detail = (await get(`/categories/${gifts.id}`)).json().data;
      expect(detail.children.map((child: { slug: string }) => child.slug)).toEqual(["anniversaries", "for-him"]);
      expect((await get("/categories/slug=birthdays")).statusCode).toBe(404);
      // Pride and Prejudice (birthdays) and Emma (for-her) sit only under the hidden branch.
      const listed = (await get(`/products?CategoryId=${gifts.id}`)).json().data.results;
      expect(listed.map((product: { slug: string }) => product.slug)).toEqual(["great-expectations", "a-christmas-carol"]);
      const pride = (await get("/products/slug=pride-and-prejudice")).json().data;
      expect(pride).toMatchObject({ categories: [], breadcrumbs: [] });
    } finally {
      await api.database.db.update(categories).set({ isVisible: true }).where(eq(categories.id, forHer.id));
    }
  });
});

describe("OpenAPI document", () => {
  it("generates with every catalogue path, the recursive category node included", async () => {
    const response = await api.app.inject({ url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    for (const path of [
      "/categories/tree",
      "/categories",
      "/categories/{id}",
      "/categories/slug={slug}",
      "/categories/subcategories",
      "/products",
      "/products/{id}",
      "/products/slug={slug}",
      "/products/{id}/add-ons",
      "/add-ons",
      "/product-types/{id}",
      "/product-filters/types",
      "/product-filters/attributes",
      "/product-filters",
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(document.components.schemas.CategoryNode).toBeDefined();
    expect(JSON.stringify(document.components.schemas.CategoryNode)).toContain("#/components/schemas/CategoryNode");
    const productParameters = document.paths["/products"].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(productParameters).toEqual(expect.arrayContaining(["CategoryId", "SearchText", "Sort", "PageNumber", "PageSize"]));
  });
});
