import type { WithdrawableOrder, Withdrawal } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { dispatchIntent } from "~/lib/form-intents.server";
import type { WithdrawalView } from "./withdrawal-form";
import { openWithdrawal, withdrawalIntents } from "./withdrawal-forms.server";

const ORDER: WithdrawableOrder = {
  orderId: 7,
  orderNumber: "QB-1001",
  placedAt: "2026-11-20T10:00:00.000Z",
  deliveredAt: "2026-11-24T10:00:00.000Z",
  withdrawableUntil: "2026-12-08T10:00:00.000Z",
  periodDays: 14,
  lines: [
    line(11, "Emma", 2, 2),
    line(12, "Persuasion", 1, 1),
    { ...line(13, "Your Name in Gold", 1, 0), exemption: "personalised", exemptionMessage: "Made to your wishes." },
  ],
};

function line(orderLineId: number, productName: string, quantity: number, withdrawableQuantity: number) {
  return {
    orderLineId,
    sku: `SKU-${orderLineId}`,
    productName,
    variantName: "Hardback",
    quantity,
    withdrawableQuantity,
    exemption: null,
    exemptionMessage: null,
  };
}

const money = (amount: number) => ({ amount, currencyCode: "GBP" });
const WITHDRAWAL: Withdrawal = {
  id: 3,
  publicId: "WDL-700003",
  orderId: 7,
  orderNumber: "QB-1001",
  status: "declared",
  wholeOrder: false,
  lines: [{ orderLineId: 11, sku: "SKU-11", productName: "Emma", variantName: "Hardback", quantity: 1, amount: money(1299) }],
  delivery: money(0),
  amount: money(1299),
  declaredAt: "2026-12-01T16:05:00.000Z",
  refundDueBy: "2026-12-15T16:05:00.000Z",
};

const KEY = "0f3c9a52-6d7e-4b1a-9e8f-2a1b3c4d5e6f";
const TOKEN = `7.1790000000.${"a".repeat(43)}`;

/** An API client answering each call with the next of `answers` (a value, or an error to throw), recording the calls. */
function scriptedApi(...answers: ({ data: unknown } | ApiRequestError)[]) {
  const calls: { operationId: string; input: { body?: unknown; headers?: Record<string, unknown> } }[] = [];
  const call = async (operationId: string, input: { body?: unknown; headers?: Record<string, unknown> }) => {
    calls.push({ operationId, input });
    const next = answers.shift();
    if (!next) throw new Error(`No answer scripted for ${operationId}`);
    if (next instanceof ApiRequestError) throw next;
    return next;
  };
  return { api: { call } as unknown as ApiClient, calls };
}

const form = (entries: Record<string, string>) => {
  const posted = new FormData();
  for (const [name, value] of Object.entries(entries)) posted.append(name, value);
  return posted;
};

/** The page's answer: what it shows, its status and headers. */
async function post(api: ApiClient, entries: Record<string, string>) {
  const answer = (await dispatchIntent(form(entries), withdrawalIntents(api))) as unknown as { data: WithdrawalView; init: ResponseInit };
  return { view: answer.data, status: answer.init?.status ?? 200, headers: new Headers(answer.init?.headers) };
}

const byNumber = { orderNumber: "qb-1001 ", email: "Ann@Example.test" };
const stepTwo = (entries: Record<string, string>) => ({ intent: "withdraw", idempotencyKey: KEY, ...entries });

describe("the withdrawal page's step 1: finding the order", () => {
  it("shows step 2 for the order's number and email, with a new key for the confirmation, never cached", async () => {
    const { api, calls } = scriptedApi({ data: ORDER });
    const { view, status, headers } = await post(api, { intent: "find", ...byNumber });
    expect(calls).toEqual([
      { operationId: "getWithdrawableOrder", input: { body: { orderNumber: "QB-1001", email: "ann@example.test" } } },
    ]);
    expect(status).toBe(200);
    expect(view).toMatchObject({ step: "choose", order: ORDER, key: { orderNumber: "QB-1001", email: "ann@example.test" }, failure: null });
    expect(view.step === "choose" && view.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Referrer-Policy")).toBeNull();
  });

  it("answers an unknown order beside the order number, keeping what was typed", async () => {
    const unknown = new ApiRequestError(404, [
      { code: "order_not_found", message: "No order has this number and email address", field: "body.orderNumber" },
    ]);
    const { api } = scriptedApi(unknown);
    const { view, status } = await post(api, { intent: "find", ...byNumber });
    expect(status).toBe(404);
    expect(view).toEqual({
      step: "find",
      failure: {
        errors: [{ code: "order_not_found", message: "No order has this number and email address", field: "orderNumber" }],
        values: byNumber,
      },
    });
  });

  it("says when to try again after too many tries, above the form", async () => {
    const { api } = scriptedApi(new ApiRequestError(429, [{ code: "too_many_requests", message: "Too many requests" }], "1800"));
    const { view, status, headers } = await post(api, { intent: "find", ...byNumber });
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("1800");
    expect(view.step === "find" && view.failure?.errors).toEqual([{ code: "too_many_requests", message: "Too many requests" }]);
  });

  it("refuses a malformed number before any call", async () => {
    const { api, calls } = scriptedApi();
    const { view, status } = await post(api, { intent: "find", orderNumber: "1001", email: "ann@example.test" });
    expect(calls).toEqual([]);
    expect(status).toBe(400);
    expect(view.step === "find" && view.failure?.errors.map((error) => error.field)).toEqual(["orderNumber"]);
  });

  it("finds the order of an order link's token, with no Referer; a link that does not work says so", async () => {
    const found = scriptedApi({ data: ORDER });
    const { view, headers } = await post(found.api, { intent: "find", token: TOKEN });
    expect(found.calls[0]?.input.body).toEqual({ token: TOKEN });
    expect(view).toMatchObject({ step: "choose", key: { token: TOKEN } });
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(headers.get("Cache-Control")).toBe("private, no-store");

    const expired = scriptedApi(new ApiRequestError(410, [{ code: "order_link_expired", message: "The link has expired" }]));
    expect(await post(expired.api, { intent: "find", token: TOKEN })).toMatchObject({
      view: { step: "link-problem", problem: "expired" },
      status: 410,
    });
    const mangled = scriptedApi();
    expect(await post(mangled.api, { intent: "find", token: "not-a-token" })).toMatchObject({
      view: { step: "link-problem", problem: "invalid" },
      status: 404,
    });
    expect(mangled.calls).toEqual([]);
  });

  it("opens one of the signed-in customer's orders from /withdraw?order=<id>, and step 1 for anything else", async () => {
    const { api, calls } = scriptedApi({ data: ORDER });
    const opened = await openWithdrawal(api, new URL("http://shop.test/withdraw?order=7"));
    expect(calls[0]?.input.body).toEqual({ orderId: 7 });
    expect(opened.data).toMatchObject({ step: "choose", key: { orderId: 7 } });
    for (const address of ["http://shop.test/withdraw", "http://shop.test/withdraw?order=7x", "http://shop.test/withdraw?order=0"]) {
      expect((await openWithdrawal(scriptedApi().api, new URL(address))).data, address).toEqual({ step: "find", failure: null });
    }
  });
});

describe("the withdrawal page's step 2: confirming", () => {
  it("withdraws from the whole order without naming lines when every item is chosen in full, once per key", async () => {
    const { api, calls } = scriptedApi({ data: { ...WITHDRAWAL, wholeOrder: true } });
    const { view, status } = await post(
      api,
      stepTwo({ ...byNumber, "available-11": "2", "quantity-11": "2", "available-12": "1", "quantity-12": "1" }),
    );
    expect(calls).toEqual([
      {
        operationId: "createWithdrawal",
        input: { body: { orderNumber: "QB-1001", email: "ann@example.test" }, headers: { "idempotency-key": KEY } },
      },
    ]);
    expect(status).toBe(200);
    expect(view).toEqual({ step: "done", withdrawal: { ...WITHDRAWAL, wholeOrder: true } });
  });

  it("names the lines and quantities of a partial withdrawal", async () => {
    const { api, calls } = scriptedApi({ data: WITHDRAWAL });
    const { view } = await post(
      api,
      stepTwo({ orderId: "7", "available-11": "2", "quantity-11": "1", "available-12": "1", "quantity-12": "0" }),
    );
    expect(calls[0]?.input.body).toEqual({ orderId: 7, lines: [{ orderLineId: 11, quantity: 1 }] });
    expect(view).toEqual({ step: "done", withdrawal: WITHDRAWAL });
  });

  it("shows a refused line beside it on step 2 again, read afresh, with a new key and the quantities kept", async () => {
    const exceeded = new ApiRequestError(422, [
      { code: "withdrawal_quantity_exceeded", message: "At most 1 of Persuasion can be withdrawn from", field: "body.lines.1.quantity" },
    ]);
    const { api, calls } = scriptedApi(exceeded, { data: ORDER });
    const { view, status, headers } = await post(
      api,
      stepTwo({ token: TOKEN, "available-11": "2", "quantity-11": "1", "available-12": "1", "quantity-12": "3" }),
    );
    expect(calls.map((call) => call.operationId)).toEqual(["createWithdrawal", "getWithdrawableOrder"]);
    expect(status).toBe(422);
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(view).toMatchObject({
      step: "choose",
      key: { token: TOKEN },
      failure: {
        errors: [{ code: "withdrawal_quantity_exceeded", message: "At most 1 of Persuasion can be withdrawn from", field: "quantity-12" }],
        values: { "quantity-11": "1", "quantity-12": "3" },
      },
    });
    expect(view.step === "choose" && view.idempotencyKey).not.toBe(KEY);
  });

  it("asks for at least one item without calling to withdraw", async () => {
    const { api, calls } = scriptedApi({ data: ORDER });
    const { view, status } = await post(api, stepTwo({ orderId: "7", "available-11": "2", "quantity-11": "0" }));
    expect(calls.map((call) => call.operationId)).toEqual(["getWithdrawableOrder"]);
    expect(status).toBe(400);
    expect(view.step === "choose" && view.failure?.errors).toEqual([
      { code: "invalid_input", message: "Choose at least one item to withdraw from.", field: "lines" },
    ]);
  });

  it("goes back to step 1 with the API's words when the order can no longer be withdrawn from", async () => {
    const over = new ApiRequestError(422, [
      { code: "order_not_withdrawable", message: "The 14 days to withdraw from this order after its delivery are over", field: "body" },
    ]);
    const { api } = scriptedApi(over);
    const { view, status } = await post(api, stepTwo({ ...byNumber, "available-11": "2", "quantity-11": "2" }));
    expect(status).toBe(422);
    expect(view).toEqual({
      step: "find",
      failure: {
        errors: [{ code: "order_not_withdrawable", message: "The 14 days to withdraw from this order after its delivery are over" }],
        values: { ...byNumber, "quantity-11": "2" },
      },
    });
  });
});
