import { AdminProductResponseSchema, AdminListProductsResponseSchema } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, openBrowser, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";
import { solidPng } from "../../../storefront/tests/e2e/pictures";

/*
 * The back office's products, in Chromium against the shared stack's API, storefront and back office: a manager
 * creates a book of the journey's own through the form (a slug already taken refused beside its field), corrects its
 * price, uploads its cover with its text (and a second picture, reworded, reordered and removed), publishes it, and
 * finds the new price and picture on the shop's page of the book; with JavaScript and without. A member of
 * fulfilment sees no Products section and is refused its pages. A product made through the API is found in the list
 * by its SKU, archived and deleted, each after a page that asks first.
 */
const stack = backOfficeStack();

/** The product as the API holds it now. */
async function productNow(id: number) {
  return AdminProductResponseSchema.parse(await asShop(stack, "GET", `/admin/products/${id}`)).data;
}

/** Waits for the message a form left on the next page. */
async function expectMessage(page: Page, message: string) {
  await expect.poll(() => page.getByRole("status").innerText()).toContain(message);
}

for (const javaScriptEnabled of [true, false]) {
  describe(`a product's way through the back office (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("creates a book, corrects its price, uploads its cover, publishes it, and the shop shows them", async () => {
      const { page } = browser;
      const tag = randomUUID().slice(0, 8);
      const name = `The Lantern Ledger ${tag}`;
      const slug = `the-lantern-ledger-${tag}`;
      const sku = `LANTERN-${tag}`.toUpperCase();
      const alt = `The cover of The Lantern Ledger: a lamp in a window (${tag})`;
      await joinAs(page, stack, "manager");

      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
      await page.getByRole("link", { name: "New product" }).click();
      await page.getByRole("heading", { level: 1, name: "New product" }).waitFor();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await page.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
      await page
        .getByRole("textbox", { name: "Description", exact: true })
        .fill("A ledger of every lamp lit on one street, kept for a hundred years.");
      await page.getByRole("textbox", { name: "SKU", exact: true }).fill(sku);
      await page.getByRole("textbox", { name: "Variant name", exact: true }).fill("Hardback");
      await page.getByRole("textbox", { name: "Stock", exact: true }).fill("6");
      await page.getByRole("textbox", { name: "Price (GBP)", exact: true }).fill("12.50");
      // A slug another product has is refused by the API beside its field, with what was typed kept.
      const { data: others } = AdminListProductsResponseSchema.parse(await asShop(stack, "GET", "/admin/products?limit=1&archived=all"));
      await page.getByRole("textbox", { name: "Slug", exact: true }).fill(others.products[0]!.slug);
      await page.getByRole("button", { name: "Create product" }).click();
      await page.getByRole("alert").waitFor();
      expect(await page.getByRole("textbox", { name: "Slug", exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe(name);
      await page.getByRole("textbox", { name: "Slug", exact: true }).fill(slug);
      await page.getByRole("button", { name: "Create product" }).click();
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await expectMessage(page, `Product ${name} created.`);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      const created = await productNow(id);
      expect(created.isPublished).toBe(false);
      expect(created.variants.map((variant) => [variant.sku, variant.name, variant.stockQuantity, variant.prices.GBP?.amount])).toEqual([
        [sku, "Hardback", 6, 1250],
      ]);

      // A price the form cannot read is refused beside its field, and the price stays.
      const prices = page.getByRole("region", { name: `Variant ${sku}` }).getByRole("form", { name: `Prices of ${sku}` });
      await prices.getByRole("textbox", { name: "Price (GBP)", exact: true }).fill("twelve");
      await prices.getByRole("button", { name: `Save prices of ${sku}` }).click();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain("Enter an amount such as 12.50");
      expect((await productNow(id)).variants[0]!.prices.GBP?.amount).toBe(1250);

      await prices.getByRole("textbox", { name: "Price (GBP)", exact: true }).fill("9.99");
      await prices.getByRole("button", { name: `Save prices of ${sku}` }).click();
      await expectMessage(page, `Prices of ${sku} saved.`);
      expect((await productNow(id)).variants[0]!.prices.GBP).toEqual({ amount: 999, original: null });

      const pictures = page.getByRole("region", { name: "Pictures" });
      await pictures
        .getByLabel("Picture file")
        .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: solidPng(300, 450, [40, 90, 160]) });
      await pictures.getByRole("textbox", { name: "What the picture shows", exact: true }).fill(alt);
      await pictures.getByRole("button", { name: "Upload picture" }).click();
      await expectMessage(page, "Picture uploaded.");
      await expect
        .poll(() =>
          pictures.getByRole("img", { name: alt }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
        )
        .toBe(true);

      // A second picture: its text corrected, moved before the cover and back, then removed.
      await pictures
        .getByLabel("Picture file")
        .setInputFiles({ name: "back.png", mimeType: "image/png", buffer: solidPng(300, 450, [200, 160, 40]) });
      await pictures.getByRole("textbox", { name: "What the picture shows", exact: true }).fill("The back cover");
      await pictures.getByRole("button", { name: "Upload picture" }).click();
      await expectMessage(page, "Picture uploaded.");
      await pictures.getByRole("textbox", { name: "What picture 2 shows", exact: true }).fill("The back cover, with its blurb");
      await pictures.getByRole("button", { name: "Save text of picture 2" }).click();
      await expectMessage(page, "The picture's text is saved.");
      const imagesNow = async () =>
        (
          (await asShop(stack, "GET", `/admin/products/${id}/images`)) as { data: { images: { image: { alt: string } }[] } }
        ).data.images.map((image) => image.image.alt);
      expect(await imagesNow()).toEqual([alt, "The back cover, with its blurb"]);
      await pictures.getByRole("button", { name: "Move up picture 2" }).click();
      await expectMessage(page, "Picture moved up.");
      expect(await imagesNow()).toEqual(["The back cover, with its blurb", alt]);
      await pictures.getByRole("button", { name: "Move down picture 1" }).click();
      await expectMessage(page, "Picture moved down.");
      expect(await imagesNow()).toEqual([alt, "The back cover, with its blurb"]);
      await pictures.getByRole("button", { name: "Remove picture 2" }).click();
      await expectMessage(page, "Picture removed.");
      expect(await imagesNow()).toEqual([alt]);

      // Not in the shop yet: its preview link shows the page as the shop will, to whoever has it.
      expect(await page.getByRole("link", { name: "View in shop" }).count()).toBe(0);
      await page.getByRole("button", { name: "Preview in shop" }).click();
      const previewLink = page.getByRole("link", { name: "Open the preview (opens in a new tab)" });
      await previewLink.waitFor();
      const previewUrl = (await previewLink.getAttribute("href"))!;
      expect(previewUrl.startsWith(`${stack.storefrontUrl}/store/product/${slug}?preview=`), previewUrl).toBe(true);
      const productUrl = page.url();
      const previewAnswer = await page.goto(previewUrl);
      expect(previewAnswer?.headers()).toMatchObject({ "cache-control": "private, no-store", "x-robots-tag": "noindex" });
      await page.getByRole("heading", { level: 1, name }).waitFor();
      expect(await page.getByText("A preview: this page is not in the shop yet").count()).toBe(1);
      expect(await page.getByText(formatMoney(999, "GBP")).count()).toBeGreaterThan(0);
      await page.goto(productUrl);

      const details = page.getByRole("region", { name: "Details" });
      await details.getByLabel("Published in the shop").check();
      await details.getByRole("button", { name: "Save product" }).click();
      await expectMessage(page, `Product ${name} saved.`);
      expect((await productNow(id)).isPublished).toBe(true);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-product");
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-product-390");
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      const shopLink = page.getByRole("link", { name: "View in shop" });
      expect(await shopLink.getAttribute("href")).toBe(`${stack.storefrontUrl}/store/product/${slug}`);
      await shopLink.click();
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await page.getByText(formatMoney(999, "GBP")).count()) > 0 && (await page.getByRole("img", { name: alt }).count()) > 0;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      if (javaScriptEnabled) expectNoPageProblems(browser);
    });

    it("a member of fulfilment sees no Products and is refused the products' pages", async () => {
      const { page } = browser;
      const { data: list } = AdminListProductsResponseSchema.parse(await asShop(stack, "GET", "/admin/products?limit=1"));
      const product = list.products[0]!;
      await joinAs(page, stack, "fulfilment");
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).waitFor();
      expect(await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products", exact: true }).count()).toBe(
        0,
      );
      const refused = await page.goto(`${stack.backOfficeUrl}/products/${product.id}`);
      expect(refused?.status()).toBe(403);
      await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
      expect((await page.goto(`${stack.backOfficeUrl}/products`))?.status()).toBe(403);
    });
  });
}

describe("the product list and a product's end", () => {
  const browser = sessionPerTest();

  it("makes a product type and a product of that type, counted beside it", async () => {
    const { page } = browser;
    const tag = randomUUID().slice(0, 8);
    const typeName = `Gift card ${tag}`;
    await joinAs(page, stack, "manager");
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Product types" }).click();
    await page.getByRole("heading", { level: 1, name: "Product types" }).waitFor();
    const make = page.getByRole("region", { name: "Make a product type" });
    await make.getByRole("textbox", { name: "Name", exact: true }).fill(typeName);
    // A code the form cannot take is refused beside its field.
    await make.getByRole("textbox", { name: "Code", exact: true }).fill("Gift Card");
    await make.getByRole("button", { name: "Make the product type" }).click();
    await page.getByRole("alert").waitFor();
    expect(await make.getByRole("textbox", { name: "Code", exact: true }).getAttribute("aria-invalid")).toBe("true");
    await make.getByRole("textbox", { name: "Code", exact: true }).fill(`gift-card-${tag}`);
    await make.getByRole("button", { name: "Make the product type" }).click();
    await expectMessage(page, `Product type ${typeName} made: new products can take it.`);
    const typeRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: typeName }) });
    await expect.poll(() => typeRow.getByRole("cell").allInnerTexts()).toEqual([`gift-card-${tag}`, "0"]);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "back-office-product-types");

    await page.goto(`${stack.backOfficeUrl}/products/new`);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Token ${tag}`);
    await page.getByLabel("Product type").selectOption({ label: typeName });
    await page.getByRole("textbox", { name: "Slug", exact: true }).fill(`token-${tag}`);
    await page.getByRole("textbox", { name: "SKU", exact: true }).fill(`TOKEN-${tag}`.toUpperCase());
    await page.getByRole("textbox", { name: "Variant name", exact: true }).fill("Twenty pounds");
    await page.getByRole("textbox", { name: "Stock", exact: true }).fill("100");
    await page.getByRole("textbox", { name: "Price (GBP)", exact: true }).fill("20");
    await page.getByRole("button", { name: "Create product" }).click();
    await expectMessage(page, `Product Token ${tag} created.`);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const { data: types } = await asShop<{ data: { id: number; name: string; productCount: number }[] }>(
      stack,
      "GET",
      "/admin/product-types",
    );
    const made = types.find((type) => type.name === typeName)!;
    expect((await productNow(id)).productTypeId).toBe(made.id);
    expect(made.productCount).toBe(1);
    expectNoPageProblems(browser);
  });

  it("offers a product's add-on, sets its search-engine text, its withdrawal mark and safety information, adds a variant with options, gives one quantity breaks and names related products (without JavaScript)", async () => {
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const { data: demo } = AdminListProductsResponseSchema.parse(await asShop(stack, "GET", "/admin/products?limit=1"));
    const { productTypeId } = await productNow(demo.products[0]!.id);
    const product = AdminProductResponseSchema.parse(
      await asShop(stack, "POST", "/admin/products", {
        slug: `almanack-${tag.toLowerCase()}`,
        name: `Almanack ${tag}`,
        productTypeId,
        variants: [{ sku: `ALM-PB-${tag}`, name: "Paperback", stockQuantity: 30, prices: { GBP: { amount: 800 } } }],
      }),
    ).data;
    const session = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = session;
      await joinAs(page, stack, "manager");
      await page.goto(`${stack.backOfficeUrl}/products/${product.id}`);
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();

      // An add-on offered with it and the text search engines show, saved with the details.
      const details = page.getByRole("region", { name: "Details" });
      const addon = details.getByRole("group", { name: "Add-ons offered with it" }).getByRole("checkbox").first();
      await addon.check();
      await details.getByLabel("Page title (optional)").fill(`The ${tag} almanack, every tide of the year`);
      await details.getByLabel("Page description (optional)").fill("Tide tables for every harbour, in a pocket size.");
      // Its mark for buyers who would withdraw (decision 061): made to their wishes, so not withdrawable.
      await details.getByLabel("Withdrawal").selectOption({ label: "Not withdrawable: made to the buyer's wishes" });
      await details.getByRole("button", { name: "Save product" }).click();
      await expectMessage(page, `Product ${product.name} saved.`);
      const saved = await productNow(product.id);
      expect(saved.addonIds).toHaveLength(1);
      expect(saved.withdrawalExemption).toBe("personalised");

      // Its safety information (decision 059), on a page of its own: a maker outside the EU needs someone in it.
      await page.getByRole("link", { name: "Product safety information" }).click();
      await page.getByRole("heading", { level: 1, name: `Product safety: ${product.name}` }).waitFor();
      const maker = page.getByRole("group", { name: "Manufacturer" });
      await maker.getByLabel("Name").fill("Tidewater Press Ltd");
      await maker.getByLabel("Postal address").fill("2 Quay Street\nFalmouth TR11 3HH");
      await maker.getByLabel("Country (a code such as GB or IE)").fill("gb");
      await maker.getByLabel("Email or web address").fill("safety@tidewater.example");
      await page.getByRole("button", { name: "Save the safety information" }).click();
      await page.getByText("A manufacturer outside the EU needs a responsible person in the EU").first().waitFor();
      expect((await productNow(product.id)).safety).toBeNull();
      const responsible = page.getByRole("group", { name: "Responsible person in the EU (optional)" });
      await responsible.getByLabel("Name").fill("Harbour Compliance Services Ltd");
      await responsible.getByLabel("Postal address").fill("21 Custom House Quay\nDublin D01 X2F4");
      await responsible.getByLabel("Country (a code such as GB or IE)").fill("IE");
      await responsible.getByLabel("Email or web address").fill("https://harbour-compliance.example/safety");
      await page.getByLabel("Warnings and safety information (optional)").fill("Keep away from fire.");
      await page.getByRole("button", { name: "Save the safety information" }).click();
      await expectMessage(page, "The product's safety information is saved.");
      expect((await productNow(product.id)).safety).toEqual({
        manufacturer: {
          name: "Tidewater Press Ltd",
          postalAddress: "2 Quay Street\nFalmouth TR11 3HH",
          countryCode: "GB",
          electronicAddress: "safety@tidewater.example",
        },
        responsiblePerson: {
          name: "Harbour Compliance Services Ltd",
          postalAddress: "21 Custom House Quay\nDublin D01 X2F4",
          countryCode: "IE",
          electronicAddress: "https://harbour-compliance.example/safety",
        },
        identifiers: "",
        warnings: "Keep away from fire.",
      });
      await page.getByRole("link", { name: `Back to ${product.name}` }).click();
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      expect(saved).toMatchObject({
        seoTitle: `The ${tag} almanack, every tide of the year`,
        seoDescription: "Tide tables for every harbour, in a pocket size.",
      });

      // A second variant with its options, price and opening stock.
      const adding = page.getByRole("region", { name: "Add a variant" });
      await adding.getByLabel("SKU").fill(`ALM-HB-${tag}`);
      await adding.getByLabel("Variant name").fill("Hardback");
      await adding.getByLabel("Opening stock").fill("5");
      await adding.getByLabel(/^Price \(GBP\)/).fill("14.00");
      await adding.getByLabel("Options (optional)").fill("Format: Hardback");
      await adding.getByRole("button", { name: "Add variant" }).click();
      await expectMessage(page, `Variant ALM-HB-${tag} added.`);

      // Quantity breaks for the paperback: a line the form cannot read is refused beside the field, then ten at 6.50.
      const breaks = page.getByRole("form", { name: `Quantity breaks of ALM-PB-${tag}` });
      await breaks.getByLabel("Breaks (GBP)").fill("ten for less");
      await breaks.getByRole("button", { name: /^Save quantity breaks/ }).click();
      await page.getByRole("alert").waitFor();
      expect((await productNow(product.id)).variants.find((variant) => variant.sku === `ALM-PB-${tag}`)!.tierPrices).toEqual({});
      await page
        .getByRole("form", { name: `Quantity breaks of ALM-PB-${tag}` })
        .getByLabel("Breaks (GBP)")
        .fill("10 = 6.50");
      await page
        .getByRole("form", { name: `Quantity breaks of ALM-PB-${tag}` })
        .getByRole("button", { name: /^Save quantity breaks/ })
        .click();
      await expectMessage(page, `Quantity breaks of ALM-PB-${tag} saved.`);

      const now = await productNow(product.id);
      expect(now.variants.map((variant) => [variant.sku, variant.name, variant.stockQuantity, variant.prices.GBP?.amount])).toEqual([
        [`ALM-PB-${tag}`, "Paperback", 30, 800],
        [`ALM-HB-${tag}`, "Hardback", 5, 1400],
      ]);
      expect(now.variants[1]!.options).toEqual([expect.objectContaining({ name: "Format", value: "Hardback" })]);
      expect(now.variants[0]!.tierPrices).toEqual({ GBP: [{ minQuantity: 10, amount: 650 }] });

      // Related products named by SKU or id (the demo shop's two first books, which no journey removes): an unknown
      // SKU is refused beside the field, then the two are kept in the order given.
      const [first, second] = AdminListProductsResponseSchema.parse(await asShop(stack, "GET", "/admin/products?limit=2&sort=oldest")).data
        .products;
      const skuOf = async (id: number) => (await productNow(id)).variants[0]!.sku;
      const relatedCard = page.getByRole("region", { name: "Related products" });
      await relatedCard.getByLabel("Related products, in order").fill(`NO-SUCH-SKU-${tag}`);
      await relatedCard.getByRole("button", { name: "Save related products" }).click();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain(`No product has the SKU NO-SUCH-SKU-${tag}`);
      await page
        .getByRole("region", { name: "Related products" })
        .getByLabel("Related products, in order")
        .fill(`${await skuOf(second!.id)}\n${first!.id}`);
      await page.getByRole("region", { name: "Related products" }).getByRole("button", { name: "Save related products" }).click();
      await expectMessage(page, "Related products saved.");
      expect((await productNow(product.id)).relatedProductIds).toEqual([second!.id, first!.id]);
      expect(session.problems).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("lists a category's products by name, stock and sale price, the filters kept in the address (without JavaScript too)", async () => {
    const tag = randomUUID().slice(0, 8);
    const { data: demo } = AdminListProductsResponseSchema.parse(await asShop(stack, "GET", "/admin/products?limit=1"));
    const { productTypeId } = await productNow(demo.products[0]!.id);
    const { data: category } = await asShop<{ data: { id: number; name: string } }>(stack, "POST", "/admin/categories", {
      slug: `tide-tables-${tag}`,
      name: `Tide tables ${tag}`,
    });
    const make = async (name: string, stockQuantity: number, price: { amount: number; original?: number }) =>
      AdminProductResponseSchema.parse(
        await asShop(stack, "POST", "/admin/products", {
          slug: `${name.toLowerCase().replaceAll(" ", "-")}-${tag}`,
          name: `${name} ${tag}`,
          productTypeId,
          categoryIds: [category.id],
          variants: [{ sku: `${name.slice(0, 4)}-${tag}`.toUpperCase(), name: "Paperback", stockQuantity, prices: { GBP: price } }],
        }),
      ).data;
    const soldOutOnSale = await make("Neap Tides", 0, { amount: 600, original: 900 });
    const inStock = await make("Spring Tides", 12, { amount: 900 });

    for (const javaScriptEnabled of [true, false]) {
      const session = javaScriptEnabled ? browser : await openBrowser({ javaScriptEnabled });
      try {
        const { page } = session;
        await joinAs(page, stack, "manager");
        await page.goto(`${stack.backOfficeUrl}/products`);
        await page.getByLabel("Category").selectOption({ label: category.name });
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(new RegExp(`[?&]category=${category.id}`));
        const listed = () => page.getByRole("rowheader").getByRole("link").allInnerTexts();
        await expect.poll(listed).toEqual([inStock.name, soldOutOnSale.name]);
        // By name, A to Z: the order is the list's, kept in the address with the filter.
        await page.getByLabel("Order").selectOption({ label: "Name, A to Z" });
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(/[?&]sort=name(&|$)/);
        await expect.poll(listed).toEqual([soldOutOnSale.name, inStock.name]);
        expect(new URL(page.url()).searchParams.get("category")).toBe(String(category.id));

        await page.getByLabel("Stock").selectOption({ label: "Sold out" });
        await page.getByLabel("Sale price").selectOption({ label: "On sale" });
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(/[?&]sale=true/);
        await expect.poll(listed).toEqual([soldOutOnSale.name]);
        // The page drawn from the address keeps the choices.
        await expect.poll(() => page.getByLabel("Stock").inputValue()).toBe("out");

        await page.getByLabel("Stock").selectOption({ label: "In stock" });
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(/[?&]stock=in_stock/);
        await page.getByText("No products match these filters.").waitFor();
        if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
        expect(session.problems).toEqual([]);
      } finally {
        if (!javaScriptEnabled) await session.close();
      }
    }
  });

  it("publishes, unpublishes and archives the ticked products at once, naming those refused (without JavaScript too)", async () => {
    const tag = randomUUID().slice(0, 8);
    const { data: demo } = AdminListProductsResponseSchema.parse(await asShop(stack, "GET", "/admin/products?limit=1"));
    const { productTypeId } = await productNow(demo.products[0]!.id);
    const make = async (name: string) =>
      AdminProductResponseSchema.parse(
        await asShop(stack, "POST", "/admin/products", {
          slug: `${name.toLowerCase()}-${tag}`,
          name: `${name} ${tag}`,
          productTypeId,
          isPublished: false,
          variants: [{ sku: `${name}-${tag}`.toUpperCase(), name: "Paperback", stockQuantity: 4, prices: { GBP: { amount: 700 } } }],
        }),
      ).data;
    const [almanac, bestiary, chronicle] = [await make("Almanac"), await make("Bestiary"), await make("Chronicle")];
    await asShop(stack, "POST", `/admin/products/${chronicle.id}/archive`);
    const states = async () =>
      Promise.all(
        [almanac, bestiary, chronicle].map(async ({ id }) => {
          const { isPublished, archivedAt } = await productNow(id);
          return archivedAt ? "archived" : isPublished ? "published" : "draft";
        }),
      );
    const tick = async (page: Page, product: { name: string }) => page.getByRole("checkbox", { name: `Tick ${product.name}` }).check();

    for (const javaScriptEnabled of [true, false]) {
      const session = javaScriptEnabled ? browser : await openBrowser({ javaScriptEnabled });
      try {
        const { page } = session;
        await joinAs(page, stack, "manager");
        await page.goto(`${stack.backOfficeUrl}/products?q=${tag}&archived=all&sort=name`);
        await page.getByRole("checkbox", { name: `Tick ${chronicle.name}` }).waitFor();

        // Nothing ticked: said, nothing sent.
        await page.getByRole("button", { name: "Publish", exact: true }).click();
        await expect.poll(() => page.getByRole("alert").innerText()).toContain("Tick the products to change first.");

        // Two published; the archived one refused by name, with the API's reason.
        await tick(page, almanac);
        await tick(page, bestiary);
        await tick(page, chronicle);
        await page.getByRole("button", { name: "Publish", exact: true }).click();
        await expect.poll(() => page.getByRole("alert").innerText()).toContain("2 products published; this one was not:");
        expect(await page.getByRole("alert").innerText()).toContain(`${chronicle.name}: `);
        expect(await states()).toEqual(["published", "published", "archived"]);
        if (javaScriptEnabled) {
          await expectNoSeriousA11yViolations(page);
          await screenshotForReview(page, "back-office-products-bulk");
        }

        // With JavaScript, one box ticks the page; without, each row is ticked.
        await page.goto(`${stack.backOfficeUrl}/products?q=${tag}&sort=name`);
        if (javaScriptEnabled) {
          const everyRow = page.getByRole("checkbox", { name: "Tick every product on this page" });
          await everyRow.check();
          expect(await page.getByRole("checkbox", { name: `Tick ${bestiary.name}` }).isChecked()).toBe(true);
          // A row unticked: the box says some are ticked (mixed); ticked again: all are.
          const shown = () => everyRow.evaluate((box: HTMLInputElement) => ({ ticked: box.checked, mixed: box.indeterminate }));
          await page.getByRole("checkbox", { name: `Tick ${bestiary.name}` }).uncheck();
          await expect.poll(shown).toEqual({ ticked: false, mixed: true });
          await tick(page, bestiary);
          await expect.poll(shown).toEqual({ ticked: true, mixed: false });
        } else {
          expect(await page.getByRole("checkbox", { name: "Tick every product on this page" }).count()).toBe(0);
          await tick(page, almanac);
          await tick(page, bestiary);
        }
        await page.getByRole("button", { name: "Unpublish", exact: true }).click();
        await expectMessage(page, "2 products unpublished.");
        // The list is shown again, in the order and with the filter it had, nothing ticked.
        expect(new URL(page.url()).searchParams.get("sort")).toBe("name");
        await expect.poll(() => page.getByRole("checkbox", { name: `Tick ${almanac.name}` }).isChecked()).toBe(false);
        expect(await states()).toEqual(["draft", "draft", "archived"]);

        await tick(page, almanac);
        await page.getByRole("button", { name: "Archive", exact: true }).click();
        await expectMessage(page, "1 product archived.");
        expect(await states()).toEqual(["archived", "draft", "archived"]);
        await page.goto(`${stack.backOfficeUrl}/products?q=${tag}&archived=true&sort=name`);
        await tick(page, almanac);
        await page.getByRole("button", { name: "Bring back from the archive" }).click();
        await expectMessage(page, "1 product brought back from the archive.");
        expect(await states()).toEqual(["draft", "draft", "archived"]);
        expect(session.problems).toEqual([]);
      } finally {
        if (!javaScriptEnabled) await session.close();
      }
    }
  });

  it("finds an unpublished product by its SKU, archives it and deletes it, each after a page that asks", async () => {
    const { page } = browser;
    const tag = randomUUID().slice(0, 8);
    const { data: demo } = AdminListProductsResponseSchema.parse(await asShop(stack, "GET", "/admin/products?limit=1"));
    const { productTypeId } = await productNow(demo.products[0]!.id);
    const sku = `ATLAS-${tag}`.toUpperCase();
    const { data: product } = AdminProductResponseSchema.parse(
      await asShop(stack, "POST", "/admin/products", {
        slug: `the-tide-atlas-${tag}`,
        name: `The Tide Atlas ${tag}`,
        productTypeId,
        variants: [{ sku, name: "Paperback", stockQuantity: 2, prices: { GBP: { amount: 800 } } }],
      }),
    );
    await joinAs(page, stack, "manager");
    await page.goto(`${stack.backOfficeUrl}/products`);
    await page.getByLabel("Name, slug or SKU").fill(sku);
    await page.getByLabel("In the shop").selectOption("false");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/[?&]q=/);
    await expect.poll(() => page.getByRole("rowheader").getByRole("link").allInnerTexts()).toEqual([product.name]);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "back-office-products");

    await page.getByRole("rowheader").getByRole("link", { name: product.name }).click();
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    await page.getByRole("link", { name: "Archive…" }).click();
    await page.getByRole("heading", { level: 1, name: `Archive ${product.name}?` }).waitFor();
    await page.getByRole("button", { name: "Archive the product" }).click();
    await expectMessage(page, `Product ${product.name} archived.`);
    expect((await productNow(product.id)).archivedAt).not.toBeNull();

    await page.getByRole("link", { name: "Delete…" }).click();
    await page.getByRole("button", { name: "Delete the product" }).click();
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await expectMessage(page, "Product deleted.");
    await expect(asShop(stack, "GET", `/admin/products/${product.id}`)).rejects.toThrow(/answered 404/);
  });
});
