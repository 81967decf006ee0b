import { describe, expect, it } from "vitest";
import { useTestApi } from "../../testing/test-api";
import { getOffers } from "./catalog-offers.service";
import { createTestCatalogue } from "./catalog-test-catalogue";

// What the store sells now in a currency, as a basket prices and checks its lines (catalog-offers.service.ts).
const api = useTestApi(createTestCatalogue);
const db = () => api.database.db;
const storeId = () => api.seeded.store.id;

const variantOf = (product: { variants: { id: number; sku: string }[] }, sku: string) => {
  const variant = product.variants.find((candidate) => candidate.sku === sku);
  if (!variant) throw new Error(`no variant ${sku}`);
  return variant;
};

describe("getOffers", () => {
  it("answers variants named by id or by SKU with their price, tiers, stock, names, first image and the add-ons offered", async () => {
    const { pride } = api.seeded.products;
    const hardback = variantOf(pride, "PP-HB");
    const paperback = variantOf(pride, "PP-PB");
    const { variants } = await getOffers(db(), { storeId: storeId(), currencyCode: "GBP", variantIds: [hardback.id], skus: ["PP-PB"] });
    const common = {
      stockQuantity: 10,
      productId: pride.id,
      productSlug: "pride-and-prejudice",
      productName: "Pride and Prejudice",
      isPublished: true,
      taxClass: "books",
      image: { url: "/img/pride-front.jpg", alt: "Front cover" },
      addonIds: [api.seeded.addons.giftWrap.id],
    };
    expect(variants).toEqual([
      {
        ...common,
        id: hardback.id,
        sku: "PP-HB",
        name: "Hardback",
        options: [{ code: "format", name: "Format", value: "Hardback" }],
        amount: 2000,
        originalAmount: null,
        lowestPriorAmount: null,
        // Smallest minimum first, whatever order they were written in.
        tierPrices: [
          { minQuantity: 5, amount: 1900 },
          { minQuantity: 10, amount: 1800 },
        ],
      },
      {
        ...common,
        id: paperback.id,
        sku: "PP-PB",
        name: "Paperback",
        options: [{ code: "format", name: "Format", value: "Paperback" }],
        amount: 900,
        originalAmount: 1200,
        lowestPriorAmount: 900,
        tierPrices: [],
      },
    ]);
  });

  it("answers a variant without a price in the currency with none, and its tiers in that currency only", async () => {
    const { carol, pride } = api.seeded.products;
    const { variants } = await getOffers(db(), {
      storeId: storeId(),
      currencyCode: "EUR",
      variantIds: [variantOf(carol, "CC-HB").id, variantOf(pride, "PP-HB").id],
    });
    expect(variants.map((variant) => [variant.sku, variant.amount, variant.originalAmount, variant.tierPrices])).toEqual([
      ["PP-HB", 2400, null, [{ minQuantity: 5, amount: 2280 }]],
      ["CC-HB", null, null, []],
    ]);
  });

  it("answers an unpublished product's variant as unpublished, and nothing for another store's or an unknown one", async () => {
    const { draft } = api.seeded.products;
    const other = api.seeded.other.product.variants[0]!;
    const { variants } = await getOffers(db(), {
      storeId: storeId(),
      currencyCode: "GBP",
      variantIds: [draft.variants[0]!.id, other.id, 2_000_000_000],
      skus: ["OTHER-PP", "pp-hb"],
    });
    expect(variants.map((variant) => [variant.sku, variant.isPublished])).toEqual([["UD-HB", false]]);
  });

  it("answers add-on options named by id or by add-on, in the store's order, priced in the currency, with every option of their add-on", async () => {
    const { giftWrap, card } = api.seeded.addons;
    const [red, gold] = giftWrap.options;
    const { addonOptions, variants } = await getOffers(db(), {
      storeId: storeId(),
      currencyCode: "EUR",
      addonOptionIds: [card.options[0]!.id, api.seeded.other.addon.options[0]!.id],
      addonIds: [giftWrap.id],
    });
    expect(variants).toEqual([]);
    const wrap = { addonId: giftWrap.id, addonName: "Gift wrap", taxClass: "standard", optionIdsOfAddon: [red!.id, gold!.id] };
    expect(addonOptions).toEqual([
      { ...wrap, id: red!.id, name: "Red paper", amount: 300 },
      { ...wrap, id: gold!.id, name: "Gold paper", amount: null },
      {
        id: card.options[0]!.id,
        name: "Card",
        addonId: card.id,
        addonName: "Message card",
        taxClass: "standard",
        amount: 120,
        optionIdsOfAddon: [card.options[0]!.id],
      },
    ]);
  });

  it("runs one statement for everything asked, and none when nothing is", async () => {
    api.database.resetQueryLog();
    expect(await getOffers(db(), { storeId: storeId(), currencyCode: "GBP", variantIds: [], addonIds: [] })).toEqual({
      variants: [],
      addonOptions: [],
    });
    expect(api.database.queries).toEqual([]);
    await getOffers(db(), {
      storeId: storeId(),
      currencyCode: "GBP",
      variantIds: [variantOf(api.seeded.products.pride, "PP-HB").id],
      skus: ["EM-PB", "GE-HB"],
      addonIds: [api.seeded.addons.giftWrap.id],
    });
    expect(api.database.queries).toHaveLength(1);
  });
});
