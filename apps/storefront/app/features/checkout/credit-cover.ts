import type { MoneyDto } from "@quire/contracts";
import type { CustomerCredits, PaymentProvider } from "./checkout-types";

/**
 * Whether a provider cannot pay this order because it is pay on account and the trade customer's credit left is
 * less than the order costs: the payment step then shows it unavailable, with the reason, instead of letting the
 * buyer choose it and be refused (the API refuses such an order before making it, too). Unknown credit (it could
 * not be read) leaves the choice to the API.
 */
export function isBeyondCredit(
  provider: PaymentProvider,
  credits: Pick<CustomerCredits, "available"> | null,
  amountDue: MoneyDto,
): boolean {
  return provider.settings.kind === "on_account" && credits !== null && credits.available.amount < amountDue.amount;
}
