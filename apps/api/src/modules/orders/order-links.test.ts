import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrderLinkToken, DEVELOPMENT_ORDER_LINK_SECRET } from "../../security/order-links";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { newClientIp } from "../back-in-stock/back-in-stock-testing";
import { errorCodeOf } from "../cart/cart-test-catalogue";
import { createCheckoutTestShop, placeGuestOrder, startGuestPayment } from "../checkout/checkout-test-shop";
import { outboxMessages } from "../mail/mail.tables";
import { ORDER_LINK_LIMITS } from "./order-links.service";
import { orders } from "./orders.tables";

// A guest's order link (decision 041): a signed token opens the order and its proforma invoice in any browser;
// "find my order" mails the link to the order's address, answering the same whether or not the order exists.

const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), { storefrontUrl: "https://shop.example/" });
const DAY = 86_400_000;

const post = (url: string, payload: object, ip = newClientIp()) =>
  api.app.inject({ method: "POST", url, headers: TEST_HEADERS, payload, remoteAddress: ip });
const tokenFor = (orderId: number, now = new Date()) =>
  createOrderLinkToken(DEVELOPMENT_ORDER_LINK_SECRET, { storeId: api.seeded.store.id, orderId }, now);

/** A guest's order paid by bank transfer: its id and number. */
async function proformaOrder() {
  const order = await placeGuestOrder(() => api.app, api.seeded);
  await startGuestPayment(() => api.app, order, "proforma-invoice");
  const [row] = await api.database.db.select({ publicId: orders.publicId }).from(orders).where(eq(orders.id, order.id));
  return { id: order.id, publicId: row!.publicId, anonymousId: order.anonymousId };
}

const linkMails = (recipient: string) =>
  api.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, "order_link"), eq(outboxMessages.recipient, recipient)));

describe("POST /order-links/order", () => {
  it("shows the order its token was signed for, with no sign-in and no basket, never to be cached", async () => {
    const order = await proformaOrder();
    const response = await post("/order-links/order", { token: tokenFor(order.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json().data).toMatchObject({
      id: order.id,
      publicId: order.publicId,
      status: "awaiting_payment",
      email: "ada@example.com",
    });
    expect(response.json().data.latestPayment).toMatchObject({ paymentProviderId: "proforma-invoice" });

    const pdf = await post("/order-links/proforma-invoice", { token: tokenFor(order.id) });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["cache-control"]).toBe("private, no-store");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="proforma-${order.publicId}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.rawPayload.toString("latin1")).toContain(order.publicId);
  });

  it("refuses an altered token, another order's signature, an expired token and a malformed one", async () => {
    const order = await proformaOrder();
    const other = await proformaOrder();
    const [, expiry, signature] = tokenFor(order.id).split(".");
    const flipped = signature!.replace(/^./, (first) => (first === "A" ? "B" : "A"));
    for (const token of [
      `${order.id}.${expiry}.${flipped}`,
      `${other.id}.${expiry}.${signature}`,
      `${order.id}.${Number(expiry) + 60}.${signature}`,
    ]) {
      for (const url of ["/order-links/order", "/order-links/proforma-invoice"]) {
        const refused = await post(url, { token });
        expect(refused.statusCode, `${url} ${token}`).toBe(404);
        expect(errorCodeOf(refused)).toBe("order_link_invalid");
        expect(refused.body).not.toContain("ada@example.com");
      }
    }
    const expired = await post("/order-links/order", { token: tokenFor(order.id, new Date(Date.now() - 91 * DAY)) });
    expect(expired.statusCode, expired.body).toBe(410);
    expect(errorCodeOf(expired)).toBe("order_link_expired");
    for (const token of ["", String(order.id), "not-a-token", `${order.id}.${expiry}`]) {
      const malformed = await post("/order-links/order", { token });
      expect(malformed.statusCode, token).toBe(400);
      expect(malformed.json().errors.length).toBeGreaterThan(0);
    }
  });

  it("never shows an order for its id alone: the old links answer 404 without the buyer's basket", async () => {
    const order = await proformaOrder();
    for (const url of [`/orders/${order.id}`, `/orders/${order.id}/summary`, `/orders/${order.id}/proforma-invoice`]) {
      const response = await api.app.inject({ method: "GET", url, headers: TEST_HEADERS });
      expect(response.statusCode, url).toBe(404);
    }
    const byId = await post("/order-links/order", { token: String(order.id) });
    expect(byId.statusCode).toBe(400);
  });
});

describe("POST /order-links (find my order)", () => {
  it("mails a fresh link to the order's address only when number and email match, answering alike", async () => {
    const order = await proformaOrder();
    const answers = [
      await post("/order-links", { orderNumber: order.publicId.toLowerCase(), email: " Ada@Example.com " }),
      await post("/order-links", { orderNumber: order.publicId, email: "someone.else@example.com" }),
      await post("/order-links", { orderNumber: "QB-999999999", email: "ada@example.com" }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(202);
      expect(answer.body).toBe(answers[0]!.body);
    }
    const mails = (await linkMails("ada@example.com")).filter((mail) => mail.subject.includes(order.publicId));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your link to Test Store order ${order.publicId}`);
    const token = /^https:\/\/shop\.example\/order-status\/([^/]+)$/.exec(mails[0]!.actionUrl ?? "")?.[1];
    expect(mails[0]!.textBody).toContain(mails[0]!.actionUrl);
    expect(mails[0]!.textBody).toContain("https://shop.example/find-my-order");
    expect(await linkMails("someone.else@example.com")).toEqual([]);

    // The mailed link opens the order.
    const opened = await post("/order-links/order", { token: token ?? "" });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.id).toBe(order.id);
  });

  it("refuses a client past its hourly requests with 429, and mails an address at most a few links an hour", async () => {
    const order = await proformaOrder();
    const ip = newClientIp();
    const body = { orderNumber: "QB-999999998", email: "nobody@example.com" };
    for (let i = 0; i < ORDER_LINK_LIMITS.perClient.max; i++) expect((await post("/order-links", body, ip)).statusCode).toBe(202);
    const refused = await post("/order-links", body, ip);
    expect(refused.statusCode).toBe(429);
    expect(errorCodeOf(refused)).toBe("too_many_requests");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    // From many addresses, one buyer still gets no more than the per-recipient cap.
    for (let i = 0; i < ORDER_LINK_LIMITS.perRecipient.max + 2; i++) {
      expect((await post("/order-links", { orderNumber: order.publicId, email: "ada@example.com" })).statusCode).toBe(202);
    }
    expect(await linkMails("ada@example.com")).toHaveLength(ORDER_LINK_LIMITS.perRecipient.max);
  });

  it("refuses a malformed number or email with the field's error", async () => {
    const response = await post("/order-links", { orderNumber: "1001; drop table", email: "not an email" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
    const unknownKey = await post("/order-links", { orderNumber: "QB-1", email: "a@example.com", orderId: 1 });
    expect(unknownKey.statusCode).toBe(400);
  });
});
