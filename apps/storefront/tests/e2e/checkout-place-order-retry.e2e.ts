import { AdminListOrdersResponseSchema, OrderSummaryResponseSchema } from "@quire/contracts";
import type { Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnswerDroppingProxy, type AnswerDroppingProxy } from "./answer-dropping-proxy";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import {
  basketIdInBrowser,
  expectStep,
  findCheckoutBooks,
  giveCustomerInfo,
  giveDelivery,
  LONDON,
  newBuyer,
  placeOrderButton,
  startCheckout,
  type Buyer,
  type JourneyOptions,
} from "./checkout-journeys";
import { getFromApi } from "./demo-api";
import { freePort, startStack, type Stack } from "./stack";

/**
 * "Place order" makes three calls in a row (POST /orders, POST /payments, PUT /payments/:id/process). Here the
 * answer to one of them is lost between the API and the storefront after the API has done the work, and the
 * shopper's browser sends the same form again (a resend without JavaScript). The resend must finish what the
 * first post started: the same order, its same payment, on to the gateway's page, never a second order or a
 * payment replacing the first. Runs its own Quire, with the payment sandbox, whose storefront reaches the API
 * through a proxy that loses the answer the journey names.
 */
const ADMIN_KEY = "quire-e2e-admin-key-place-order-retry";
let stack: Stack;
let proxy: AnswerDroppingProxy;
let journey: JourneyOptions;
let apiUrl: string;
beforeAll(async () => {
  const apiPort = await freePort();
  apiUrl = `http://127.0.0.1:${apiPort}`;
  proxy = await startAnswerDroppingProxy({ host: "127.0.0.1", port: apiPort });
  stack = await startStack({
    name: "checkout-place-order-retry",
    payments: true,
    env: { API_PORT: String(apiPort), API_URL: proxy.url, ADMIN_API_KEYS: ADMIN_KEY },
  });
  journey = { javaScript: false, storefrontUrl: stack.storefrontUrl };
});
afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
});

/** A guest with one book at the payment step, paying by card, the terms accepted. */
async function atPaymentStep(page: Page, buyer: Buyer) {
  const [book] = await findCheckoutBooks(1, "name-desc", { MinPrice: 2000 });
  await startCheckout(page, [book!], journey);
  await giveCustomerInfo(page, buyer, journey);
  await giveDelivery(page, LONDON, "Standard delivery", journey);
  await expectStep(page, "Payment method", journey);
  await page.getByRole("radio", { name: /^Credit or debit card Visa/ }).check();
  await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
}

/** The orders the shop holds for `email`, as the merchant lists them. */
async function ordersOf(email: string) {
  const { data } = await getFromApi("/admin/orders", AdminListOrdersResponseSchema, {
    apiUrl,
    query: { search: email, limit: 50 },
    headers: { "Admin-Key": ADMIN_KEY },
  });
  return data.orders.filter((order) => order.email === email);
}

/** The order as its guest sees it: its status and its latest payment. */
async function orderSummary(page: Page, orderId: number) {
  const anonymousId = await basketIdInBrowser(page.context());
  return (await getFromApi(`/orders/${orderId}/summary`, OrderSummaryResponseSchema, { apiUrl, query: { anonymousId } })).data;
}

const isPlaceOrderPost = (response: Response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/checkout";

const CALLS = [
  { call: "POST /orders", matches: (method: string, path: string) => method === "POST" && path === "/orders" },
  { call: "POST /payments", matches: (method: string, path: string) => method === "POST" && path === "/payments" },
  {
    call: "PUT /payments/:id/process",
    matches: (method: string, path: string) => method === "PUT" && /^\/payments\/[^/]+\/process$/.test(path),
  },
];

describe("Place order sent again after an answer was lost on the way", () => {
  const browser = sessionPerTest({ javaScriptEnabled: false });

  it.each(CALLS)("finishes the same order and payment when the answer to $call was lost", async ({ call, matches }) => {
    const { page } = browser;
    const buyer = newBuyer(`retry-${call.split(" ")[0]!.toLowerCase()}`);
    await atPaymentStep(page, buyer);

    const dropped = proxy.dropNextAnswer(matches);
    const [first] = await Promise.all([page.waitForResponse(isPlaceOrderPost), placeOrderButton(page).click()]);
    expect(await dropped, `the API's answer to ${call}`).toBeLessThan(300);
    const [placed] = await ordersOf(buyer.email);
    expect(placed, "the order the first post placed").toBeDefined();
    const paymentBefore = (await orderSummary(page, placed!.id)).latestPayment;
    if (call !== "POST /orders") expect(paymentBefore?.paymentProviderId).toBe("stripe");

    // The browser sends the same form again: the same fields, the same key, the same cookies.
    const form = first.request();
    const resent = await page.request.post(`${stack.storefrontUrl}/checkout`, {
      headers: { "content-type": form.headers()["content-type"]!, Origin: stack.storefrontUrl },
      data: form.postData()!,
      maxRedirects: 0,
    });
    expect(resent.status(), await resent.text()).toBe(303);
    const gatewayPage = resent.headers().location!;
    expect(new URL(gatewayPage).origin).toBe(new URL(stack.paymentSandboxUrl!).origin);

    // One order, and the payment the first post started (or, when its order's answer was lost, the first one).
    const orders = await ordersOf(buyer.email);
    expect(orders.map((order) => order.id)).toEqual([placed!.id]);
    const { latestPayment } = await orderSummary(page, placed!.id);
    expect(latestPayment).toMatchObject({ paymentProviderId: "stripe", status: "pending" });
    if (paymentBefore) expect(latestPayment?.publicPaymentId).toBe(paymentBefore.publicPaymentId);

    await page.goto(gatewayPage);
    await page.getByRole("heading", { name: `Pay ${placed!.publicId}` }).waitFor();
    expectNoPageProblems(browser);
  });
});
