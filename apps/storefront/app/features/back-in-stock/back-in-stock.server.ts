import { BackInStockSubscriptionResponseSchema, type BackInStockSubscribeBody, type BackInStockSubscription } from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/context.server";

/** Asks to be emailed once when the variant is back (POST /notifications/back-in-stock); asking twice is fine. */
export async function subscribeBackInStock(context: Readonly<RouterContextProvider>, body: BackInStockSubscribeBody): Promise<BackInStockSubscription> {
  return (await context.get(apiContext).post("/notifications/back-in-stock", BackInStockSubscriptionResponseSchema, body)).data;
}
