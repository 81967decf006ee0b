import { AdminBlogPostResponseSchema, AdminPageResponseSchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";

/*
 * The back office's content, in Chromium against the shared stack: a content member writes a page of two blocks
 * (adding, filling and reordering them in the one plain form), saves it as a draft, opens its preview link and reads
 * it in the shop, then publishes it; writes a blog post in Markdown and previews it; adds a redirect and deletes it.
 * With JavaScript and without.
 */
const stack = backOfficeStack();

async function flash(page: Page, message: string) {
  await expect.poll(() => page.getByRole("status").first().innerText()).toContain(message);
}

/** Follows the preview link the page shows, in the same tab, and answers the back office page to come back to. */
async function openPreview(page: Page): Promise<string> {
  const back = page.url();
  await page.getByRole("button", { name: "Preview in the shop" }).click();
  const link = page.getByRole("link", { name: /Open the preview/ });
  await link.waitFor();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/[?&]preview=/);
  await page.goto(href!);
  return back;
}

for (const javaScriptEnabled of [true, false]) {
  const label = javaScriptEnabled ? "js" : "nojs";
  describe(`content in the back office (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("writes a page of two blocks, saves it as a draft, previews it in the shop and publishes it", async () => {
      const { page } = browser;
      const id = randomUUID().slice(0, 8);
      const title = `Opening hours ${id}`;
      const path = `/hours-${label}-${id}`;
      await joinAs(page, stack, "content");

      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Content" }).click();
      await page.getByRole("heading", { level: 1, name: "Content" }).waitFor();
      await page.getByRole("link", { name: "New page" }).click();
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Path").fill(path);
      await page.getByRole("button", { name: "Create the draft" }).click();
      await page.getByRole("heading", { level: 1, name: `Page: ${title}` }).waitFor();
      await flash(page, `Draft page ${title} created`);
      const pageId = Number(new URL(page.url()).pathname.split("/").pop());

      // Two blocks, added one by one (each press posts the form and shows it again, not yet saved).
      await page.getByLabel("New block").selectOption({ label: "Paragraph" });
      await page.getByRole("button", { name: "Add the block" }).click();
      const first = page.getByRole("group", { name: "Block 1: Paragraph" });
      await first.getByLabel("Text").fill(`We open at nine, ${id}.`);
      await page.getByLabel("New block").selectOption({ label: "Heading" });
      await page.getByRole("button", { name: "Add the block" }).click();
      await page.getByRole("group", { name: "Block 2: Heading" }).getByLabel("Text").fill(`When to visit ${id}`);
      // The heading goes first; what was typed moves with it.
      await page.getByRole("button", { name: "Move up block 2" }).click();
      await expect
        .poll(() => page.getByRole("group", { name: "Block 1: Heading" }).getByLabel("Text").inputValue())
        .toBe(`When to visit ${id}`);
      await expect
        .poll(() => page.getByRole("group", { name: "Block 2: Paragraph" }).getByLabel("Text").inputValue())
        .toBe(`We open at nine, ${id}.`);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-content-page");
      }

      // A block left empty is refused beside its field, with what was typed kept; removing it lets the page save.
      await page.getByLabel("New block").selectOption({ label: "List" });
      await page.getByRole("button", { name: "Add the block" }).click();
      await page.getByRole("group", { name: "Block 3: List" }).waitFor();
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain("Block 3: Enter at least one item");
      await expect
        .poll(() => page.getByRole("group", { name: "Block 3: List" }).getByLabel("Items").getAttribute("aria-invalid"))
        .toBe("true");
      await expect
        .poll(() => page.getByRole("group", { name: "Block 1: Heading" }).getByLabel("Text").inputValue())
        .toBe(`When to visit ${id}`);
      await page.getByRole("button", { name: "Remove block 3" }).click();
      await expect.poll(() => page.getByRole("group", { name: "Block 3: List" }).count()).toBe(0);

      await page.getByRole("button", { name: "Save draft" }).click();
      await flash(page, `Page ${title} saved as a draft.`);
      const saved = AdminPageResponseSchema.parse(await asShop(stack, "GET", `/admin/pages/${pageId}`)).data;
      expect(saved).toMatchObject({
        url: path,
        isPublished: false,
        blocks: [
          { type: "heading", text: `When to visit ${id}` },
          { type: "paragraph", text: `We open at nine, ${id}.` },
        ],
      });

      // The preview shows the draft in the shop.
      const back = await openPreview(page);
      await page.getByText(`We open at nine, ${id}.`).waitFor();
      await page.getByText(`When to visit ${id}`).first().waitFor();
      await page.goto(back);

      await page.getByRole("button", { name: "Save and publish" }).click();
      await flash(page, `Page ${title} published.`);
      expect(AdminPageResponseSchema.parse(await asShop(stack, "GET", `/admin/pages/${pageId}`)).data.isPublished).toBe(true);
      if (javaScriptEnabled) expectNoPageProblems(browser);
    });

    it("writes a blog post in Markdown, previews it and publishes it; adds and deletes a redirect", async () => {
      const { page } = browser;
      const id = randomUUID().slice(0, 8);
      const title = `Winter reading ${id}`;
      await joinAs(page, stack, "content");
      await page.goto(`${stack.backOfficeUrl}/content/blog`);
      await page.getByRole("link", { name: "New blog post" }).click();
      await page.getByRole("heading", { level: 1, name: "New blog post" }).waitFor();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-content-blog-new");
      }
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Slug").fill(`winter-reading-${label}-${id}`);
      await page.getByLabel("Author").fill("Ada Editor");
      await page.getByLabel("Text (Markdown)").fill(`## Cosy books\n\nThree **warm** stories for ${id}.\n\n- one\n- two`);
      await page.getByLabel("Tags (optional)").fill("Winter\nCosy reads");
      await page.getByRole("button", { name: "Create the post" }).click();
      await page.getByRole("heading", { level: 1, name: `Post: ${title}` }).waitFor();
      await flash(page, `Post ${title} created as a draft.`);
      const postId = Number(new URL(page.url()).pathname.split("/").pop());
      const draft = AdminBlogPostResponseSchema.parse(await asShop(stack, "GET", `/admin/blog-posts/${postId}`)).data;
      expect(draft).toMatchObject({ status: "draft", author: "Ada Editor" });
      expect(draft.tags.map((tag) => tag.slug).sort()).toEqual(["cosy-reads", "winter"]);
      expect(draft.body[0]).toMatchObject({ type: "markdown", html: expect.stringContaining("<strong>warm</strong>") });

      const back = await openPreview(page);
      await page.getByText(`Three warm stories for ${id}.`).waitFor();
      await page.goto(back);
      await page.getByRole("button", { name: "Save and publish now" }).click();
      await flash(page, `Post ${title} published.`);
      expect(AdminBlogPostResponseSchema.parse(await asShop(stack, "GET", `/admin/blog-posts/${postId}`)).data.status).toBe("published");

      await page.getByRole("link", { name: "Back to blog posts" }).click();
      await page.getByRole("navigation", { name: "Content" }).getByRole("link", { name: "Redirects" }).click();
      await page.getByLabel("Old path").first().waitFor();
      const region = page.getByRole("region", { name: "New redirect" });
      await region.getByLabel("Old path").fill(`/Old-Winter-${id}`);
      await region.getByLabel("Leads to").fill("/blog");
      await region.getByRole("button", { name: "Add the redirect" }).click();
      await flash(page, `/old-winter-${id} now leads to /blog.`);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-content-redirects");
      }
      await page.getByRole("button", { name: `Delete the redirect from /old-winter-${id}` }).click();
      await flash(page, `The redirect from /old-winter-${id} is deleted.`);
      if (javaScriptEnabled) expectNoPageProblems(browser);
    });

    it("builds a menu of two levels and deletes it; adds, renames and deletes a blog category", async () => {
      const { page } = browser;
      const id = randomUUID().slice(0, 8);
      const code = `test-menu-${label}-${id}`;
      await joinAs(page, stack, "content");
      await page.goto(`${stack.backOfficeUrl}/content/menus`);
      const newMenu = page.getByRole("region", { name: "New menu" });
      await newMenu.getByLabel("Name").fill(`Footer ${id}`);
      await newMenu.getByLabel("Code").fill(code);
      await newMenu.getByRole("button", { name: "Create the menu" }).click();
      await page.getByRole("heading", { level: 1, name: `Menu: Footer ${id}` }).waitFor();
      await page.getByRole("button", { name: "Add an item" }).click();
      await page.getByRole("group", { name: "Item 1" }).getByLabel("Label").fill("Books");
      await page.getByRole("group", { name: "Item 1" }).getByLabel("Link").fill("/store");
      await page.getByRole("button", { name: "Add an item" }).click();
      const second = page.getByRole("group", { name: "Item 2" });
      await second.getByLabel("Label").fill("Fiction");
      await second.getByLabel("Link").fill("/store/fiction");
      await second.getByLabel("Level").selectOption("2");
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-content-menu");
      }
      await page.getByRole("button", { name: "Save the menu" }).click();
      await flash(page, `Menu Footer ${id} saved.`);
      const { data: menu } = await asShop<{ data: { items: { label: string; url: string; subMenuItems: { label: string }[] }[] } }>(
        stack,
        "GET",
        `/admin/menus/${code}`,
      );
      expect(menu.items.map((item) => [item.label, item.url, item.subMenuItems.map((sub) => sub.label)])).toEqual([
        ["Books", "/store", ["Fiction"]],
      ]);
      await page.getByRole("button", { name: "Delete the menu" }).click();
      await flash(page, "Menu deleted.");

      await page.getByRole("navigation", { name: "Content" }).getByRole("link", { name: "Blog categories" }).click();
      const newCategory = page.getByRole("region", { name: "New category" });
      await newCategory.getByLabel("Name").fill(`Poetry ${id}`);
      await newCategory.getByLabel("Slug").fill(`poetry-${label}-${id}`);
      await newCategory.getByRole("button", { name: "Create the category" }).click();
      await flash(page, `Category Poetry ${id} created.`);
      await page.getByRole("link", { name: `Poetry ${id}` }).click();
      await page.getByRole("heading", { level: 1, name: `Blog category: Poetry ${id}` }).waitFor();
      await page.getByLabel("Name").fill(`Verse ${id}`);
      await page.getByRole("button", { name: "Save the category" }).click();
      await flash(page, `Category Verse ${id} saved.`);
      await page.getByRole("button", { name: "Delete the category" }).click();
      await flash(page, "Category deleted.");
      if (javaScriptEnabled) expectNoPageProblems(browser);
    });
  });
}
