import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { errorCodeOf } from "../cart/cart-test-catalogue";

/*
 * The merchant's pages, menus and redirects (decision 051): each call as the `content` role, read back through the
 * public content calls the storefront makes, straight after the write.
 */
const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const writer = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
  const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
  const packer = await createSignedInStaff(db, { storeId: store.id, email: "packer@staff.example", role: "fulfilment" });
  return { store, writer, manager, packer };
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const as = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const asWriter = (method: Method, url: string, payload?: object) => as(api.seeded.writer.token, method, url, payload);
const answerOf = async (method: Method, url: string, payload?: object) => {
  const answer = await asWriter(method, url, payload);
  return [answer.statusCode, errorCodeOf(answer)];
};
const publicGet = (url: string) => api.app.inject({ url, headers: TEST_HEADERS });

async function auditOf(resourceType: string, id: number | string) {
  return api.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resourceType, resourceType), eq(auditLog.resourceId, String(id))));
}

const HOSTILE_MARKDOWN = "Our **shop**.\n\n<script>alert(1)</script>\n\n<img src=/x.png onerror=alert(2)>\n\n[win](javascript:alert(3))";

describe("the merchant's pages", () => {
  it("creates a page the public call serves at once, its Markdown sanitised, and audits it", async () => {
    const created = await asWriter("POST", "/admin/pages", {
      url: "/about-us",
      title: "About us",
      metaDescription: "Who we are",
      blocks: [
        { type: "heading", text: "Hello" },
        { type: "markdown", markdown: HOSTILE_MARKDOWN },
        { type: "hero", title: "Winter", text: "", linkLabel: "Shop", linkUrl: "/store" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data;
    expect(page).toMatchObject({ url: "/about-us", title: "About us", metaDescription: "Who we are" });

    const served = await publicGet("/pages/by-url?url=/about-us");
    expect(served.statusCode).toBe(200);
    const markdown = served.json().data.blocks[1];
    expect(markdown.type).toBe("markdown");
    expect(markdown.markdown).toBe(HOSTILE_MARKDOWN);
    expect(markdown.html).toContain("<strong>shop</strong>");
    expect(markdown.html).not.toMatch(/<script|onerror|javascript:/i);

    const [entry] = await auditOf("page", page.id);
    expect(entry).toMatchObject({ operation: "createAdminPage", actorType: "staff", actorId: api.seeded.writer.staff.id });
    expect(entry!.changes?.url).toEqual({ before: null, after: "/about-us" });
  });

  it("moves a page: its old path answers with a 301 through the redirect list, and the change is audited", async () => {
    const page = (await asWriter("POST", "/admin/pages", { url: "/our-story", title: "Our story" })).json().data;
    const moved = await asWriter("PUT", `/admin/pages/${page.id}`, { url: "/story", title: "The story" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ url: "/story", title: "The story" });

    expect((await publicGet("/pages/by-url?url=/story")).json().data.title).toBe("The story");
    expect((await publicGet("/pages/by-url?url=/our-story")).statusCode).toBe(404);
    expect((await publicGet("/redirects")).json().data.results).toContainEqual({ oldUrl: "/our-story", newUrl: "/story" });

    const update = (await auditOf("page", page.id)).find((row) => row.operation === "updateAdminPage");
    expect(update?.changes).toEqual({
      url: { before: "/our-story", after: "/story" },
      title: { before: "Our story", after: "The story" },
    });
  });

  it("refuses a taken path, an unknown page, blocks the storefront cannot render, and HTML sent as a block's", async () => {
    await asWriter("POST", "/admin/pages", { url: "/contact-info", title: "Contact" });
    expect(await answerOf("POST", "/admin/pages", { url: "/contact-info", title: "Again" })).toEqual([409, "page_url_taken"]);
    const other = (await asWriter("POST", "/admin/pages", { url: "/elsewhere", title: "Elsewhere" })).json().data;
    expect(await answerOf("PUT", `/admin/pages/${other.id}`, { url: "/contact-info" })).toEqual([409, "page_url_taken"]);
    expect(await answerOf("PUT", "/admin/pages/2147483647", { title: "Nobody" })).toEqual([404, "page_not_found"]);
    expect(await answerOf("GET", "/admin/pages/2147483647")).toEqual([404, "page_not_found"]);
    expect(await answerOf("DELETE", "/admin/pages/2147483647")).toEqual([404, "page_not_found"]);

    const refused = [
      { url: "/a/b", title: "Two segments" },
      { url: "/Caps", title: "Capitals" },
      { url: "/ok", title: "x", blocks: [{ type: "hero", title: "t", text: "", linkLabel: "l", linkUrl: "javascript:alert(1)" }] },
      { url: "/ok", title: "x", blocks: [{ type: "video", src: "/v.mp4" }] },
      { url: "/ok", title: "x", blocks: [{ type: "productRail", title: "t", categorySlug: "fiction", limit: 25 }] },
    ];
    for (const body of refused) expect(await answerOf("POST", "/admin/pages", body), JSON.stringify(body)).toEqual([400, "invalid_input"]);
    // HTML is the API's to render: a block that brings its own is refused.
    const withHtml = { type: "markdown", markdown: "hi", html: "<script>alert(1)</script>" };
    expect(await answerOf("POST", "/admin/pages", { url: "/ok", title: "x", blocks: [withHtml] })).toEqual([400, "unknown_parameter"]);
  });

  it("lists pages newest first in keyset pages, and deletes one so its path answers 404", async () => {
    const a = (await asWriter("POST", "/admin/pages", { url: "/listed-a", title: "Listed A" })).json().data;
    const b = (await asWriter("POST", "/admin/pages", { url: "/listed-b", title: "Listed B" })).json().data;
    const first = (await asWriter("GET", "/admin/pages?search=listed&limit=1")).json().data;
    expect(first.pages.map((page: { id: number }) => page.id)).toEqual([b.id]);
    const next = (await asWriter("GET", `/admin/pages?search=listed&limit=1&before=${first.nextBefore}`)).json().data;
    expect(next).toMatchObject({ pages: [{ id: a.id, url: "/listed-a" }], nextBefore: null });

    expect((await asWriter("DELETE", `/admin/pages/${a.id}`)).statusCode).toBe(204);
    expect((await publicGet("/pages/by-url?url=/listed-a")).statusCode).toBe(404);
    expect((await auditOf("page", a.id)).map((row) => row.operation)).toContain("deleteAdminPage");
  });
});

describe("a draft page and its preview link", () => {
  it("keeps a draft out of the shop, shows it through its signed link only, and publishes it", async () => {
    const created = await asWriter("POST", "/admin/pages", {
      url: "/winter-sale",
      title: "Winter sale",
      isPublished: false,
      blocks: [{ type: "paragraph", text: "Coming on the first of December." }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data;
    expect(page.isPublished).toBe(false);
    expect((await publicGet("/pages/by-url?url=/winter-sale")).statusCode).toBe(404);
    const publicList = await publicGet("/pages?PageSize=100");
    expect(publicList.statusCode).toBe(200);
    expect(JSON.stringify(publicList.json())).not.toContain("/winter-sale");
    const listed = (await asWriter("GET", "/admin/pages?search=winter")).json().data.pages;
    expect(listed).toEqual([expect.objectContaining({ url: "/winter-sale", isPublished: false })]);

    const link = (await asWriter("POST", `/admin/pages/${page.id}/preview-link`)).json().data;
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/winter-sale\?preview=/);
    const preview = (token: string) => api.app.inject({ method: "POST", url: "/pages/preview", headers: TEST_HEADERS, payload: { token } });
    const shown = await preview(link.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect(shown.json().data).toMatchObject({ url: "/winter-sale", title: "Winter sale" });
    // An altered link, another store's, and a post's link for the same id open nothing.
    expect(errorCodeOf(await preview(link.token.replace(/^\d+/, String(page.id + 1))))).toBe("page_preview_link_invalid");
    const otherStore = await api.app.inject({
      method: "POST",
      url: "/pages/preview",
      headers: { ...TEST_HEADERS, storekey: "no-such-store" },
      payload: { token: link.token },
    });
    expect(otherStore.statusCode).toBe(404);
    const { createPreviewToken, previewLinkSecretOf } = await import("../../security/preview-links");
    const { TEST_TOKEN_SECRET } = await import("../../testing/test-api");
    const secret = previewLinkSecretOf(TEST_TOKEN_SECRET);
    const postsLink = createPreviewToken(secret, { storeId: api.seeded.store.id, kind: "post", id: page.id });
    expect(errorCodeOf(await preview(postsLink.token))).toBe("page_preview_link_invalid");
    const old = createPreviewToken(
      secret,
      { storeId: api.seeded.store.id, kind: "page", id: page.id },
      new Date(Date.now() - 8 * 86_400_000),
    );
    const expired = await preview(old.token);
    expect([expired.statusCode, errorCodeOf(expired)]).toEqual([410, "page_preview_link_expired"]);

    const published = await asWriter("PUT", `/admin/pages/${page.id}`, { isPublished: true });
    expect(published.json().data.isPublished).toBe(true);
    expect((await publicGet("/pages/by-url?url=/winter-sale")).statusCode).toBe(200);
    const audit = await auditOf("page", page.id);
    expect(audit.map((entry) => entry.operation)).toEqual(
      expect.arrayContaining(["createAdminPage", "createAdminPagePreviewLink", "updateAdminPage"]),
    );
  });
});

describe("the merchant's menus", () => {
  it("sets a menu's tree, which the storefront's menu call answers at once, then replaces and deletes it", async () => {
    const put = await asWriter("PUT", "/admin/menus/main", {
      name: "Main menu",
      items: [
        { label: "Fiction", url: "/store/fiction", subMenuItems: [{ label: "Crime", url: "/store/crime" }] },
        { label: "Blog", url: "/blog/list" },
        { label: "Publisher", url: "https://publisher.example/" },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const tree = (await publicGet("/menus/main/tree")).json().data.data;
    expect(tree.map((item: { label: string }) => item.label)).toEqual(["Fiction", "Blog", "Publisher"]);
    expect(tree[0].subMenuItems.map((item: { url: string }) => item.url)).toEqual(["/store/crime"]);
    expect((await asWriter("GET", "/admin/menus")).json().data.menus).toContainEqual({ code: "main", name: "Main menu", itemCount: 4 });

    await asWriter("PUT", "/admin/menus/main", { name: "Main", items: [{ label: "Blog", url: "/blog/list" }] });
    expect((await publicGet("/menus/main/tree")).json().data.data).toEqual([expect.objectContaining({ label: "Blog", subMenuItems: [] })]);
    expect((await asWriter("GET", "/admin/menus/main")).json().data).toMatchObject({
      code: "main",
      name: "Main",
      items: [{ label: "Blog" }],
    });
    const changes = (await auditOf("menu", "main")).map((row) => row.changes);
    expect(changes[0]?.items?.before).toBeNull();
    expect(changes[1]?.name).toEqual({ before: "Main menu", after: "Main" });

    expect((await asWriter("DELETE", "/admin/menus/main")).statusCode).toBe(204);
    expect((await publicGet("/menus/main/tree")).json().data.data).toEqual([]);
    expect(await answerOf("GET", "/admin/menus/main")).toEqual([404, "menu_not_found"]);
    expect(await answerOf("DELETE", "/admin/menus/main")).toEqual([404, "menu_not_found"]);
  });

  it("refuses links that leave by a script or a protocol-relative address", async () => {
    for (const url of ["javascript:alert(1)", "//evil.example/", "store"]) {
      expect(await answerOf("PUT", "/admin/menus/footer", { name: "Footer", items: [{ label: "x", url }] }), url).toEqual([
        400,
        "invalid_input",
      ]);
    }
  });
});

describe("the merchant's redirects", () => {
  it("adds a redirect the storefront's list answers at once, changes and deletes it, each audited", async () => {
    const created = await asWriter("POST", "/admin/redirects", { oldUrl: "/Old-Catalogue", newUrl: "/store?sort=newest" });
    expect(created.statusCode, created.body).toBe(201);
    const redirect = created.json().data;
    expect(redirect).toMatchObject({ oldUrl: "/old-catalogue", newUrl: "/store?sort=newest" });
    expect((await publicGet("/redirects")).json().data.results).toContainEqual({ oldUrl: "/old-catalogue", newUrl: "/store?sort=newest" });

    const changed = await asWriter("PUT", `/admin/redirects/${redirect.id}`, { newUrl: "/store" });
    expect(changed.json().data).toEqual({ id: redirect.id, oldUrl: "/old-catalogue", newUrl: "/store" });
    expect((await asWriter("GET", "/admin/redirects?search=old-cat")).json().data.redirects).toEqual([changed.json().data]);

    expect((await asWriter("DELETE", `/admin/redirects/${redirect.id}`)).statusCode).toBe(204);
    expect((await publicGet("/redirects")).json().data.results).not.toContainEqual(expect.objectContaining({ oldUrl: "/old-catalogue" }));
    expect((await auditOf("redirect", redirect.id)).map((row) => [row.operation, row.changes?.newUrl])).toEqual([
      ["createAdminRedirect", { before: null, after: "/store?sort=newest" }],
      ["updateAdminRedirect", { before: "/store?sort=newest", after: "/store" }],
      ["deleteAdminRedirect", { before: "/store", after: null }],
    ]);
  });

  it("refuses a path already redirected (409), a loop (409), another site, and unknown redirects", async () => {
    const first = (await asWriter("POST", "/admin/redirects", { oldUrl: "/spring", newUrl: "/summer" })).json().data;
    expect(await answerOf("POST", "/admin/redirects", { oldUrl: "/SPRING", newUrl: "/autumn" })).toEqual([409, "redirect_taken"]);
    expect(await answerOf("POST", "/admin/redirects", { oldUrl: "/summer", newUrl: "/Spring/" })).toEqual([409, "redirect_loop"]);
    expect(await answerOf("POST", "/admin/redirects", { oldUrl: "/self", newUrl: "/self?x=1" })).toEqual([409, "redirect_loop"]);
    const second = (await asWriter("POST", "/admin/redirects", { oldUrl: "/summer", newUrl: "/autumn" })).json().data;
    expect(await answerOf("POST", "/admin/redirects", { oldUrl: "/autumn", newUrl: "/spring" })).toEqual([409, "redirect_loop"]);
    expect(await answerOf("PUT", `/admin/redirects/${second.id}`, { newUrl: "/spring" })).toEqual([409, "redirect_loop"]);
    expect(await answerOf("PUT", `/admin/redirects/${first.id}`, { oldUrl: "/autumn" })).toEqual([409, "redirect_loop"]);
    const other = (await asWriter("POST", "/admin/redirects", { oldUrl: "/winter", newUrl: "/store" })).json().data;
    expect(await answerOf("PUT", `/admin/redirects/${other.id}`, { oldUrl: "/spring" })).toEqual([409, "redirect_taken"]);

    for (const newUrl of ["https://evil.example/", "//evil.example", "javascript:alert(1)", "store"]) {
      expect(await answerOf("POST", "/admin/redirects", { oldUrl: "/away", newUrl }), newUrl).toEqual([400, "invalid_input"]);
    }
    expect(await answerOf("POST", "/admin/redirects", { oldUrl: "/trailing/", newUrl: "/store" })).toEqual([400, "invalid_input"]);
    expect(await answerOf("PUT", "/admin/redirects/2147483647", { newUrl: "/store" })).toEqual([404, "redirect_not_found"]);
    expect(await answerOf("DELETE", "/admin/redirects/2147483647")).toEqual([404, "redirect_not_found"]);
  });
});

describe("who may write content", () => {
  it("is the content permission's: the content role and a manager may, fulfilment may not", async () => {
    const manager = await as(api.seeded.manager.token, "PUT", "/admin/menus/manager-menu", { name: "M", items: [] });
    expect(manager.statusCode, manager.body).toBe(200);
    for (const [method, url, body] of [
      ["GET", "/admin/pages"],
      ["POST", "/admin/pages", { url: "/packed", title: "Packed" }],
      ["PUT", "/admin/menus/main", { name: "Packed", items: [] }],
      ["POST", "/admin/redirects", { oldUrl: "/packed", newUrl: "/store" }],
    ] as const) {
      const answer = await as(api.seeded.packer.token, method, url, body);
      expect([answer.statusCode, errorCodeOf(answer)], `${method} ${url}`).toEqual([403, "permission_denied"]);
    }
  });
});
