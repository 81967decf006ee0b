import { GatewayUnavailable } from "../modules/payments/gateways/payment-gateway";
import { hostedGateway, type PaymentRow } from "../modules/payments/payments.service";
import type { MoneyFlowDeps } from "./flow-deps";
import { applyGatewayNews } from "./gateway-report.flow";

/**
 * Closes at their gateways the attempts a cancellation or a newer attempt has cancelled here, once that has
 * committed: a closed page can no longer be paid (Stripe's session expired, Adyen's link expired, Mollie's
 * payment cancelled, PayPal's order no longer captured by the shop). An attempt the payer paid meanwhile is
 * read from its gateway, and its capture, no longer wanted, is given back. A gateway that does not answer is
 * logged: a capture it makes later arrives as news and is given back then.
 */
export async function closeAttemptsAtGateways(deps: MoneyFlowDeps, attempts: readonly PaymentRow[]): Promise<void> {
  for (const attempt of attempts) {
    const gateway = hostedGateway(deps.gateways, attempt.provider);
    const reference = attempt.providerReference;
    if (!gateway || !reference) continue;
    try {
      const closed = await gateway.closeHostedPayment(reference);
      if (closed.outcome === "captured") {
        const state = await gateway.fetchPayment(reference);
        await applyGatewayNews(deps, attempt, state, `captured at ${gateway.id} before its page was closed`);
      }
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      deps.log?.warn({ paymentId: attempt.id, provider: attempt.provider }, "payment attempt: the gateway did not close its page");
    }
  }
}
