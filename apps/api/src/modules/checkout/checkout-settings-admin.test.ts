import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PaymentGateway } from "../payments/gateways/payment-gateway";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { cartClient, cartOf, errorCodeOf } from "../cart/cart-test-catalogue";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, placeGuestOrder, summaryOf, UK_ADDRESS } from "./checkout-test-shop";

/** A card gateway that is configured but never called: the tests only offer it, start attempts and refuse them. */
const stubStripe = {
  id: "stripe",
  settings: { name: "Credit or debit card", description: "Pay by card.", cardBrands: ["visa"] },
  createHostedPayment: () => Promise.reject(new Error("not called in these tests")),
  fetchPayment: () => Promise.reject(new Error("not called in these tests")),
  verifyWebhook: () => Promise.reject(new Error("not called in these tests")),
  closeHostedPayment: () => Promise.resolve({ outcome: "closed" }),
  refund: () => Promise.reject(new Error("not called in these tests")),
  findRefund: () => Promise.reject(new Error("not called in these tests")),
} as unknown as PaymentGateway;

const api = useTestApi(
  async (db) => {
    const shop = await createCheckoutTestShop(db, { minimumOrderPrices: {} });
    const staff = (email: string, role: "manager" | "fulfilment" | "content") =>
      createSignedInStaff(db, { storeId: shop.store.id, email, role });
    return {
      ...shop,
      manager: await staff("manager@staff.example", "manager"),
      packer: await staff("packer@staff.example", "fulfilment"),
      writer: await staff("writer@staff.example", "content"),
    };
  },
  { paymentGateways: new Map([["stripe" as const, stubStripe]]) },
);
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

type Method = "GET" | "POST" | "PUT" | "DELETE";
const as = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const asManager = (method: Method, url: string, payload?: object) => as(api.seeded.manager.token, method, url, payload);
const refusal = (answer: { statusCode: number; json(): unknown }) => [answer.statusCode, errorCodeOf(answer)];
const auditedAs = async (operation: string, resourceId: string) =>
  api.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.operation, operation), eq(auditLog.resourceId, resourceId)))
    .orderBy(asc(auditLog.id));

const FR_ADDRESS = {
  firstName: "Marie",
  lastName: "Curie",
  line1: "1 rue de la Paix",
  city: "Paris",
  postcode: "75002",
  countryCode: "FR",
};

/** A guest's basket of one hardback (£10) with the buyer's details and an address: what a delivery or tax is tried on. */
async function basket(address: object) {
  const anonymousId = cartOf(await cart.add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1 })).anonymousId!;
  await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId });
  const saved = await checkout.deliveryAddress({ address, anonymousId });
  return { anonymousId, saved };
}

async function orderTo(address: object, deliveryZoneOptionId: number) {
  const { anonymousId } = await basket(address);
  summaryOf(await checkout.deliveryOption({ deliveryZoneOptionId, anonymousId }));
  const placed = await checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().data.id as number;
  return { id, read: async () => (await checkout.order(id, {}, anonymousId)).json().data };
}

describe("the merchant's delivery zones and options", () => {
  it("opens a zone the checkout delivers to at once, charges a changed price from the next order, and keeps placed orders whole", async () => {
    const zone = await asManager("POST", "/admin/delivery-zones", { name: "France", countryCodes: ["FR"] });
    expect(zone.statusCode, zone.body).toBe(201);
    const zoneId = zone.json().data.id as number;
    const option = await asManager("POST", `/admin/delivery-zones/${zoneId}/options`, {
      kind: "standard",
      name: " Colissimo ",
      minDays: 3,
      maxDays: 5,
      prices: [{ currencyCode: "GBP", amount: 800, freeOverAmount: 5000 }],
    });
    expect(option.statusCode, option.body).toBe(201);
    const optionId = option.json().data.id as number;
    expect(option.json().data).toMatchObject({ zoneId, name: "Colissimo", description: "", position: 0 });

    const offered = (await checkout.options({}, (await basket(FR_ADDRESS)).anonymousId)).json().data;
    expect(offered).toMatchObject({ zoneName: "France", options: [{ id: optionId, price: { amount: 800 }, freeOver: { amount: 5000 } }] });
    const first = await orderTo(FR_ADDRESS, optionId);
    expect((await first.read()).deliveryCharge.amount).toBe(800);

    const repriced = await asManager("PUT", `/admin/delivery-options/${optionId}`, {
      prices: [{ currencyCode: "GBP", amount: 900, freeOverAmount: null }],
    });
    expect(repriced.json().data.prices).toEqual([{ currencyCode: "GBP", amount: 900, freeOverAmount: null }]);
    const second = await orderTo(FR_ADDRESS, optionId);
    expect((await second.read()).deliveryCharge.amount).toBe(900);
    expect((await first.read()).deliveryCharge.amount).toBe(800);

    const listed = (await asManager("GET", "/admin/delivery-zones")).json().data.deliveryZones;
    expect(listed.map((listedZone: { name: string }) => listedZone.name)).toEqual(["United Kingdom", "United States", "France"]);

    // Deleted, the zone's country is no longer delivered to; the orders placed with its option read as they were.
    expect((await asManager("DELETE", `/admin/delivery-zones/${zoneId}`)).statusCode).toBe(204);
    expect(errorCodeOf((await basket(FR_ADDRESS)).saved)).toBe("country_not_served");
    expect(await first.read()).toMatchObject({ deliveryCharge: { amount: 800 }, deliveryOption: { name: "Colissimo", kind: "standard" } });

    expect((await auditedAs("createAdminDeliveryZone", String(zoneId)))[0]?.changes).toMatchObject({
      countryCodes: { before: null, after: ["FR"] },
    });
    expect((await auditedAs("updateAdminDeliveryOption", String(optionId)))[0]?.changes).toMatchObject({
      prices: { after: [{ currencyCode: "GBP", amount: 900, freeOverAmount: null }] },
    });
    expect(await auditedAs("deleteAdminDeliveryZone", String(zoneId))).toHaveLength(1);
  });

  it("takes an option off a basket that chose it when the option is deleted", async () => {
    const zone = (await asManager("POST", "/admin/delivery-zones", { name: "Ireland", countryCodes: ["IE"] })).json().data;
    const express = (
      await asManager("POST", `/admin/delivery-zones/${zone.id}/options`, {
        kind: "express",
        name: "Courier",
        minDays: 1,
        maxDays: 1,
        prices: [{ currencyCode: "GBP", amount: 1500 }],
      })
    ).json().data;
    const { anonymousId } = await basket(UK_ADDRESS);
    // A UK option, deleted while a basket has it chosen: the basket must choose again.
    const ukExtra = (
      await asManager("POST", `/admin/delivery-zones/${api.seeded.zones.uk.id}/options`, {
        kind: "express",
        name: "Same day",
        minDays: 0,
        maxDays: 0,
        position: 9,
        prices: [{ currencyCode: "GBP", amount: 1995 }],
      })
    ).json().data;
    expect(
      summaryOf(await checkout.deliveryOption({ deliveryZoneOptionId: ukExtra.id, anonymousId })).basketDetails.deliveryCharge.amount,
    ).toBe(1995);
    expect((await asManager("DELETE", `/admin/delivery-options/${ukExtra.id}`)).statusCode).toBe(204);
    const after = summaryOf(await checkout.summary({}, anonymousId));
    expect(after.missing).toContain("delivery_option");
    expect(refusal(await asManager("DELETE", `/admin/delivery-options/${ukExtra.id}`))).toEqual([404, "delivery_option_not_found"]);
    expect(await auditedAs("deleteAdminDeliveryOption", String(ukExtra.id))).toHaveLength(1);
    expect(express.zoneId).toBe(zone.id);
  });

  it("refuses a country another zone serves, foreign currencies, days the wrong way round, and unknown ids", async () => {
    expect(refusal(await asManager("POST", "/admin/delivery-zones", { name: "Britain again", countryCodes: ["GB"] }))).toEqual([
      409,
      "delivery_country_taken",
    ]);
    expect((await asManager("POST", "/admin/delivery-zones", { name: "Twice", countryCodes: ["DE", "DE"] })).statusCode).toBe(400);
    const zone = (await asManager("POST", "/admin/delivery-zones", { name: "Germany", countryCodes: ["DE"] })).json().data;
    expect(refusal(await asManager("PUT", `/admin/delivery-zones/${zone.id}`, { countryCodes: ["DE", "US"] }))).toEqual([
      409,
      "delivery_country_taken",
    ]);
    expect((await asManager("PUT", `/admin/delivery-zones/${zone.id}`, { name: "Deutschland" })).json().data.name).toBe("Deutschland");
    const option = (
      await asManager("POST", `/admin/delivery-zones/${zone.id}/options`, {
        kind: "standard",
        name: "DHL",
        minDays: 2,
        maxDays: 3,
        prices: [{ currencyCode: "EUR", amount: 700 }],
      })
    ).json().data;
    expect((await auditedAs("updateAdminDeliveryZone", String(zone.id)))[0]?.changes).toEqual({
      name: { before: "Germany", after: "Deutschland" },
    });
    expect((await auditedAs("createAdminDeliveryOption", String(option.id)))[0]?.changes).toMatchObject({
      name: { before: null, after: "DHL" },
      prices: { before: null, after: [{ currencyCode: "EUR", amount: 700, freeOverAmount: null }] },
    });
    const body = { kind: "standard", name: "Yen", minDays: 1, maxDays: 2, prices: [{ currencyCode: "JPY", amount: 100 }] };
    expect(refusal(await asManager("POST", `/admin/delivery-zones/${zone.id}/options`, body))).toEqual([400, "currency_not_supported"]);
    expect((await asManager("POST", `/admin/delivery-zones/${zone.id}/options`, { ...body, minDays: 3, maxDays: 1 })).statusCode).toBe(400);
    expect(refusal(await asManager("PUT", `/admin/delivery-options/${option.id}`, { minDays: 9 }))).toEqual([400, "invalid_input"]);
    expect(refusal(await asManager("PUT", "/admin/delivery-zones/2147483647", { name: "Nowhere" }))).toEqual([
      404,
      "delivery_zone_not_found",
    ]);
    expect(
      refusal(
        await asManager("POST", "/admin/delivery-zones/2147483647/options", { ...body, prices: [{ currencyCode: "GBP", amount: 1 }] }),
      ),
    ).toEqual([404, "delivery_zone_not_found"]);
    expect(refusal(await asManager("PUT", "/admin/delivery-options/2147483647", { name: "Nothing" }))).toEqual([
      404,
      "delivery_option_not_found",
    ]);
  });
  it("gives a country to one zone only when admins add it to zones at the same moment", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        asManager("POST", "/admin/delivery-zones", { name: `Benelux ${index}`, countryCodes: ["BE", "NL"] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const zones = (await asManager("GET", "/admin/delivery-zones")).json().data.deliveryZones as { countryCodes: string[] }[];
    expect(zones.filter((zone) => zone.countryCodes.includes("NL"))).toHaveLength(1);
  });
});

describe("the merchant's tax rates", () => {
  it("taxes the next order at a changed rate, while orders placed keep theirs", async () => {
    const placed = await placeGuestOrder(() => api.app, api.seeded);
    const before = await checkout.order(placed.id, {}, placed.anonymousId);
    const taxBefore = before.json().data.taxes;
    expect(taxBefore.lines.find((line: { taxClass: string }) => line.taxClass === "books")?.ratePercent).toBe(0);

    const changed = await asManager("PUT", "/admin/tax-rates/countries/GB", { ratePercent: { books: 5, standard: 20 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.countries).toContainEqual({ countryCode: "GB", ratePercent: { books: 5, standard: 20 } });

    const next = await orderTo(UK_ADDRESS, api.seeded.options.ukStandard);
    const taxed = (await next.read()).taxes;
    expect(taxed.lines).toContainEqual(expect.objectContaining({ taxClass: "books", ratePercent: 5 }));
    expect(taxed.amount.amount).toBeGreaterThan(0);
    expect((await checkout.order(placed.id, {}, placed.anonymousId)).json().data.taxes).toEqual(taxBefore);

    expect((await auditedAs("setAdminCountryTaxRates", "GB"))[0]?.changes).toEqual({
      books: { before: 0, after: 5 },
    });
  });

  it("removes a country's rates, says whether a currency's prices include tax, and refuses what it does not know", async () => {
    expect((await asManager("PUT", "/admin/tax-rates/countries/IT", { ratePercent: { books: 4, standard: 22 } })).statusCode).toBe(200);
    expect((await asManager("DELETE", "/admin/tax-rates/countries/IT")).statusCode).toBe(204);
    expect(refusal(await asManager("DELETE", "/admin/tax-rates/countries/IT"))).toEqual([404, "tax_rates_not_found"]);
    expect((await asManager("PUT", "/admin/tax-rates/countries/IT", { ratePercent: { books: 101, standard: 0 } })).statusCode).toBe(400);
    expect((await asManager("PUT", "/admin/tax-rates/countries/IT", { ratePercent: { books: 4 } })).statusCode).toBe(400);

    const settings = (await asManager("GET", "/admin/tax-rates")).json().data;
    expect(settings.currencies).toEqual([
      { currencyCode: "GBP", pricesIncludeTax: true },
      { currencyCode: "EUR", pricesIncludeTax: true },
      { currencyCode: "USD", pricesIncludeTax: false },
    ]);
    const eur = await asManager("PUT", "/admin/tax-rates/currencies/EUR", { pricesIncludeTax: false });
    expect(eur.json().data.currencies).toContainEqual({ currencyCode: "EUR", pricesIncludeTax: false });
    expect(refusal(await asManager("PUT", "/admin/tax-rates/currencies/JPY", { pricesIncludeTax: true }))).toEqual([
      400,
      "currency_not_supported",
    ]);
    expect(await auditedAs("setAdminCurrencyTaxMode", "EUR")).toHaveLength(1);
    expect(await auditedAs("deleteAdminCountryTaxRates", "IT")).toHaveLength(1);
  });
});

describe("the merchant's payment providers", () => {
  const offeredToGuests = async () =>
    (await checkout.send("GET", "/payment-providers", {})).json().data.paymentProviders.map((provider: { id: string }) => provider.id);
  const pay = (order: Awaited<ReturnType<typeof placeGuestOrder>>, provider: string) =>
    checkout.send(
      "POST",
      "/payments",
      {},
      {
        orderId: order.id,
        paymentProviderId: provider,
        amount: order.grandTotal.amount,
        currencyCode: order.grandTotal.currencyCode,
        anonymousId: order.anonymousId,
      },
    );

  it("takes a provider switched off out of the checkout at once, and refuses payments with it", async () => {
    const listed = (await asManager("GET", "/admin/payment-providers")).json().data.paymentProviders;
    expect(listed).toContainEqual(expect.objectContaining({ id: "stripe", enabled: true, configured: true }));
    expect(listed).toContainEqual(expect.objectContaining({ id: "paypal", enabled: true, configured: false }));
    expect(await offeredToGuests()).toEqual(["stripe", "proforma-invoice"]);

    const order = await placeGuestOrder(() => api.app, api.seeded);
    const started = await pay(order, "stripe");
    expect(started.statusCode, started.body).toBe(201);

    const off = await asManager("PUT", "/admin/payment-providers/stripe", { enabled: false });
    expect(off.json().data).toMatchObject({ id: "stripe", enabled: false, configured: true });
    expect(await offeredToGuests()).toEqual(["proforma-invoice"]);
    expect(refusal(await pay(order, "stripe"))).toEqual([422, "payment_provider_unavailable"]);
    // The attempt started before the switch opens no page now.
    const publicId = started.json().data.publicPaymentId as string;
    const processed = await checkout.send("PUT", `/payments/${publicId}/process`, {}, { anonymousId: order.anonymousId });
    expect(refusal(processed)).toEqual([422, "payment_provider_unavailable"]);
    // Nor is an order placed for it.
    const { anonymousId } = await basket(UK_ADDRESS);
    await checkout.deliveryOption({ deliveryZoneOptionId: api.seeded.options.ukStandard, anonymousId });
    expect(
      refusal(await checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true, paymentProviderId: "stripe" })),
    ).toEqual([422, "payment_provider_unavailable"]);

    // The bank transfer is now the only way everyone can pay: it stays on.
    expect(refusal(await asManager("PUT", "/admin/payment-providers/proforma-invoice", { enabled: false }))).toEqual([
      409,
      "last_payment_provider",
    ]);
    expect((await asManager("PUT", "/admin/payment-providers/stripe", { enabled: true })).json().data.enabled).toBe(true);
    expect(await offeredToGuests()).toEqual(["stripe", "proforma-invoice"]);
    expect((await pay(order, "stripe")).statusCode).toBe(201);

    expect((await auditedAs("updateAdminPaymentProvider", "stripe")).map((entry) => entry.changes)).toEqual([
      { enabled: { before: true, after: false } },
      { enabled: { before: false, after: true } },
    ]);
  });
});

describe("the checkout settings' permission", () => {
  it("is the settings permission's: a manager's, never fulfilment's or content's", async () => {
    const calls: [Method, string, object?][] = [
      ["GET", "/admin/delivery-zones"],
      ["POST", "/admin/delivery-zones", { name: "Spain", countryCodes: ["ES"] }],
      ["PUT", `/admin/delivery-zones/${api.seeded.zones.us.id}`, { name: "USA" }],
      ["DELETE", `/admin/delivery-zones/${api.seeded.zones.us.id}`],
      [
        "POST",
        `/admin/delivery-zones/${api.seeded.zones.us.id}/options`,
        { kind: "free", name: "Free", minDays: 5, maxDays: 9, prices: [{ currencyCode: "USD", amount: 0 }] },
      ],
      ["PUT", `/admin/delivery-options/${api.seeded.options.usAirmail}`, { name: "Air" }],
      ["DELETE", `/admin/delivery-options/${api.seeded.options.usAirmail}`],
      ["GET", "/admin/tax-rates"],
      ["PUT", "/admin/tax-rates/countries/US", { ratePercent: { books: 7, standard: 7 } }],
      ["DELETE", "/admin/tax-rates/countries/US"],
      ["PUT", "/admin/tax-rates/currencies/USD", { pricesIncludeTax: true }],
      ["GET", "/admin/payment-providers"],
      ["PUT", "/admin/payment-providers/paypal", { enabled: false }],
    ];
    for (const token of [api.seeded.packer.token, api.seeded.writer.token]) {
      for (const [method, url, body] of calls)
        expect(refusal(await as(token, method, url, body)), `${method} ${url}`).toEqual([403, "permission_denied"]);
    }
    expect((await asManager("GET", "/admin/delivery-zones")).statusCode).toBe(200);
    expect((await asManager("GET", "/admin/tax-rates")).statusCode).toBe(200);
  });
});
