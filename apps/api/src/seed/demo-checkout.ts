import type { DeliveryOptionInput, DiscountCodeInput, TaxSetupInput } from "../testing/checkout-factories";

/*
 * The demo shop's checkout (decision 024): VAT as UK and EU shops charge it on books and on gift wrap and
 * cards, one flat illustrative US sales tax, delivery zones for the UK, the EU and the US, and a few codes.
 */

/** Basis points per country and tax class. UK and Irish books are zero-rated; the EU's reduced rates for books. */
export const DEMO_TAX_RATES: TaxSetupInput["rates"] = {
  GB: { books: 0, standard: 2000 },
  IE: { books: 0, standard: 2300 },
  FR: { books: 550, standard: 2000 },
  DE: { books: 700, standard: 1900 },
  NL: { books: 900, standard: 2100 },
  // US sales tax varies by state and city; the demo charges one illustrative rate on everything.
  US: { books: 600, standard: 600 },
};

/** Pound and euro prices include VAT, as UK and EU shops show them; dollar prices exclude sales tax. */
export const DEMO_PRICES_INCLUDE_TAX: TaxSetupInput["pricesIncludeTax"] = { GBP: true, EUR: true, USD: false };

export const DEMO_DELIVERY_ZONES: { name: string; countryCodes: string[]; options: DeliveryOptionInput[] }[] = [
  {
    name: "United Kingdom",
    countryCodes: ["GB"],
    options: [
      {
        kind: "standard",
        name: "Standard delivery",
        description: "Royal Mail Tracked 48. Free on orders over £30.",
        minDays: 2,
        maxDays: 4,
        prices: {
          GBP: { amount: 395, freeOverAmount: 3000 },
          EUR: { amount: 459, freeOverAmount: 3500 },
          USD: { amount: 499, freeOverAmount: 4000 },
        },
      },
      {
        kind: "express",
        name: "Express delivery",
        description: "Next working day when ordered by 2pm.",
        minDays: 1,
        maxDays: 1,
        prices: { GBP: { amount: 695 }, EUR: { amount: 799 }, USD: { amount: 899 } },
      },
    ],
  },
  {
    name: "European Union",
    countryCodes: ["IE", "FR", "DE", "NL"],
    options: [
      {
        kind: "standard",
        name: "International standard",
        description: "Tracked delivery across the EU. Free on orders over €60.",
        minDays: 4,
        maxDays: 8,
        prices: {
          GBP: { amount: 795, freeOverAmount: 5000 },
          EUR: { amount: 899, freeOverAmount: 6000 },
          USD: { amount: 999, freeOverAmount: 7000 },
        },
      },
      {
        kind: "express",
        name: "International express",
        description: "Courier delivery in two to three working days.",
        minDays: 2,
        maxDays: 3,
        prices: { GBP: { amount: 1495 }, EUR: { amount: 1699 }, USD: { amount: 1899 } },
      },
    ],
  },
  {
    name: "United States",
    countryCodes: ["US"],
    options: [
      {
        kind: "standard",
        name: "International standard",
        description: "Tracked airmail. Free on orders over $80.",
        minDays: 6,
        maxDays: 10,
        prices: {
          GBP: { amount: 995, freeOverAmount: 6500 },
          EUR: { amount: 1149, freeOverAmount: 7500 },
          USD: { amount: 1299, freeOverAmount: 8000 },
        },
      },
      {
        kind: "express",
        name: "International express",
        description: "Courier delivery in three to five working days.",
        minDays: 3,
        maxDays: 5,
        prices: { GBP: { amount: 2295 }, EUR: { amount: 2599 }, USD: { amount: 2899 } },
      },
    ],
  },
];

/** The demo's codes; none expires, so the demo keeps working (no Date.now in seeded data). */
export const DEMO_DISCOUNT_CODES: Omit<DiscountCodeInput, "storeId">[] = [
  { code: "WELCOME10", kind: "percentage", basisPoints: 1000, description: "10% off your first order", perCustomerLimit: 1 },
  {
    code: "BOOKWORM5",
    kind: "fixed_amount",
    description: "£5 off orders of £40 or more",
    currencies: {
      GBP: { amountOff: 500, minimumSpend: 4000 },
      EUR: { amountOff: 600, minimumSpend: 4600 },
      USD: { amountOff: 700, minimumSpend: 5200 },
    },
  },
  { code: "FREEPOST", kind: "free_delivery", description: "Free delivery on any order" },
];
