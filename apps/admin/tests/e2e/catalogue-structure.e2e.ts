import { randomUUID } from "node:crypto";
import type { AdminProduct } from "@quire/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";
import { createOwnProduct } from "./stock-products";

/*
 * The catalogue's structure in the back office, in Chromium against the shared stack, with JavaScript and without: a
 * manager bulk-edits the variants of the journey's own product (two rows saved, a third refused beside itself),
 * creates categories under a hidden parent of the journey's own, renames one and moves it, and makes an attribute of
 * its own (out of the shop's filters), with a value that is relabelled.
 */
const stack = backOfficeStack();

interface Category {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  position: number;
}

async function categoriesNow(): Promise<Category[]> {
  return (await asShop<{ data: Category[] }>(stack, "GET", "/admin/categories")).data;
}

async function productNow(id: number): Promise<AdminProduct> {
  return (await asShop<{ data: AdminProduct }>(stack, "GET", `/admin/products/${id}`)).data;
}

/** Waits for the message a form left. */
async function expectMessage(page: Page, message: string) {
  await expect.poll(() => page.getByRole("status").innerText()).toContain(message);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  describe(`the catalogue's structure (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("bulk-edits the price and stock of two variants, and refuses a third row beside itself", async () => {
      const { page } = browser;
      const product = await createOwnProduct(stack, `bulk-${mode}`, 3);
      const [first, second, third] = product.variants;
      await joinAs(page, stack, "manager");

      await page.goto(`${stack.backOfficeUrl}/products/bulk-edit`);
      await page.getByRole("heading", { level: 1, name: "Bulk edit" }).waitFor();
      await page.getByLabel("Name, slug or SKU").fill(product.slug);
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/[?&]search=/);
      await expect.poll(() => page.getByRole("rowheader").allInnerTexts()).toEqual([first!.sku, second!.sku, third!.sku]);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-bulk-edit");
      }

      await page.getByLabel(`Price of ${first!.sku}`, { exact: true }).fill("12.50");
      await page.getByLabel(`Stock of ${first!.sku}`, { exact: true }).fill("8");
      await page.getByLabel(`Sale price of ${second!.sku}`, { exact: true }).fill("7.99");
      await page.getByLabel(`Stock of ${second!.sku}`, { exact: true }).fill("3");
      await page.getByLabel(`Stock of ${third!.sku}`, { exact: true }).fill("-1");
      await page.getByRole("button", { name: "Save changes" }).click();

      await page.getByRole("alert").waitFor();
      const row = (sku: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: sku }) });
      await expect.poll(() => row(third!.sku).innerText()).toContain("Not saved: Enter the stock as a whole number, 0 or more");
      expect(await page.getByLabel(`Stock of ${third!.sku}`, { exact: true }).inputValue()).toBe("-1");
      await expect.poll(() => row(first!.sku).innerText()).toContain("Saved");
      await expect.poll(() => row(second!.sku).innerText()).toContain("Saved");

      const saved = await productNow(product.id);
      const variant = (id: number) => saved.variants.find((candidate) => candidate.id === id)!;
      expect(variant(first!.id)).toMatchObject({ stockQuantity: 8, prices: { GBP: { amount: 1250, original: null } } });
      expect(variant(second!.id)).toMatchObject({ stockQuantity: 3, prices: { GBP: { amount: 799, original: 1000 } } });
      expect(variant(third!.id)).toMatchObject({ stockQuantity: 5, prices: { GBP: { amount: 1000, original: null } } });
      // The page shows what the API holds now: the sale price beside the price.
      expect(await page.getByLabel(`Price of ${second!.sku}`, { exact: true }).inputValue()).toBe("10.00");
      expect(await page.getByLabel(`Sale price of ${second!.sku}`, { exact: true }).inputValue()).toBe("7.99");
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-bulk-edit-saved");
        expectNoPageProblems(browser);
      }
    });

    it("creates categories under a parent, renames one and moves it up", async () => {
      const { page } = browser;
      const tag = `${mode}-${randomUUID().slice(0, 8)}`;
      // A hidden parent of the journey's own: nothing here shows in the shop or moves the demo's categories.
      const parent = (
        await asShop<{ data: Category }>(stack, "POST", "/admin/categories", {
          slug: `journey-${tag}`,
          name: `Journey shelf ${tag}`,
          isVisible: false,
          position: 100_000,
        })
      ).data;
      await joinAs(page, stack, "manager");

      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Categories" }).click();
      await page.getByRole("heading", { level: 1, name: "Categories" }).waitFor();
      const create = page.getByRole("region", { name: "New category" });
      for (const name of ["Atlases", "Bestiaries"]) {
        await create.getByRole("textbox", { name: "Name", exact: true }).fill(`${name} ${tag}`);
        await create.getByRole("textbox", { name: "Slug", exact: true }).fill(`${name.toLowerCase()}-${tag}`);
        await create.getByLabel("Under").selectOption({ label: `${parent.name} (hidden)` });
        await create.getByRole("button", { name: "Create category" }).click();
        await expectMessage(page, `Category "${name} ${tag}" created.`);
      }
      const children = async () =>
        (await categoriesNow())
          .filter((category) => category.parentId === parent.id)
          .sort((a, b) => a.position - b.position || a.id - b.id);
      expect((await children()).map((category) => category.name)).toEqual([`Atlases ${tag}`, `Bestiaries ${tag}`]);
      // A slug already taken is refused beside its field.
      await create.getByRole("textbox", { name: "Name", exact: true }).fill(`Again ${tag}`);
      await create.getByRole("textbox", { name: "Slug", exact: true }).fill(`atlases-${tag}`);
      await create.getByRole("button", { name: "Create category" }).click();
      await page.getByRole("alert").waitFor();

      const tree = page.getByRole("region", { name: "The category tree" });
      await tree.getByRole("link", { name: `Bestiaries ${tag}` }).click();
      await page.getByRole("heading", { level: 1, name: `Category Bestiaries ${tag}` }).waitFor();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Bestiaries renamed ${tag}`);
      await page.getByRole("button", { name: "Save category" }).click();
      await expectMessage(page, `Category "Bestiaries renamed ${tag}" saved.`);

      await page.getByRole("link", { name: "Categories", exact: true }).first().click();
      await page.getByRole("heading", { level: 1, name: "Categories" }).waitFor();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-categories");
      }
      await page.getByRole("button", { name: `Move up Bestiaries renamed ${tag}` }).click();
      await expectMessage(page, `"Bestiaries renamed ${tag}" moved up.`);
      expect((await children()).map((category) => category.name)).toEqual([`Bestiaries renamed ${tag}`, `Atlases ${tag}`]);
      const under = page.getByRole("list", { name: `Under ${parent.name}` });
      await expect.poll(() => under.getByRole("link").allInnerTexts()).toEqual([`Bestiaries renamed ${tag}`, `Atlases ${tag}`]);
    });

    it("creates an attribute out of the shop's filters, adds a value and relabels it", async () => {
      const { page } = browser;
      const tag = `${mode}-${randomUUID().slice(0, 8)}`;
      await joinAs(page, stack, "manager");
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Attributes" }).click();
      await page.getByRole("heading", { level: 1, name: "Attributes" }).waitFor();
      const create = page.getByRole("region", { name: "New attribute" });
      await create.getByRole("textbox", { name: "Name", exact: true }).fill(`Binding ${tag}`);
      await create.getByRole("textbox", { name: "Code", exact: true }).fill(`binding-${tag}`);
      await create.getByLabel("Show in the shop's filters").uncheck();
      await create.getByRole("button", { name: "Create attribute" }).click();
      await expectMessage(page, `Attribute "Binding ${tag}" created.`);
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `Binding ${tag}` }) });
      await expect.poll(() => row.innerText()).toContain("Hidden");
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-attributes");
      }

      await row.getByRole("link", { name: `Binding ${tag}` }).click();
      await page.getByRole("heading", { level: 1, name: `Attribute Binding ${tag}` }).waitFor();
      const add = page.getByRole("region", { name: "New value" });
      await add.getByRole("textbox", { name: "Label", exact: true }).fill("Sewn");
      await add.getByRole("textbox", { name: "Code", exact: true }).fill("sewn");
      await add.getByRole("button", { name: "Add value" }).click();
      await expectMessage(page, 'Value "Sewn" added.');
      await page.getByLabel("Label of sewn").fill("Smyth sewn");
      await page.getByRole("button", { name: "Save label of sewn" }).click();
      await expectMessage(page, 'Value relabelled "Smyth sewn".');

      const { data } = await asShop<{ data: { attributes: { id: number; code: string; isFilterable: boolean }[] } }>(
        stack,
        "GET",
        "/admin/attributes",
      );
      const attribute = data.attributes.find((candidate) => candidate.code === `binding-${tag}`)!;
      expect(attribute.isFilterable).toBe(false);
      const values = await asShop<{ data: { values: { code: string; label: string; productCount: number }[] } }>(
        stack,
        "GET",
        `/admin/attributes/${attribute.id}/values`,
      );
      expect(values.data.values).toEqual([expect.objectContaining({ code: "sewn", label: "Smyth sewn", productCount: 0 })]);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-attribute");
        expectNoPageProblems(browser);
      }
    });
  });
}
