import { html, page } from "./html";
import { cardOutcome, TEST_CARDS } from "./test-cards";

/*
 * The card form every card gateway's hosted page shows here (Stripe Checkout, Adyen's Pay by Link), with the
 * test cards beside it, and the 3-D Secure challenge a challenge card leads to.
 */

export type CardAttempt =
  { outcome: "approved" } | { outcome: "declined" | "invalid"; message: string } | { outcome: "challenge"; message: string };

/** What paying with this card does; a challenge card passes only once `authenticated`. */
export function payWithCard(number: string, expiry: string, authenticated: boolean): CardAttempt {
  const outcome = cardOutcome(number);
  if (!outcome) return { outcome: "invalid", message: "Your card number is invalid." };
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  const month = Number(match?.[1]);
  const year = 2000 + Number(match?.[2]);
  const now = new Date();
  if (
    !match ||
    month < 1 ||
    month > 12 ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return { outcome: "invalid", message: "Your card's expiry date is in the past or not valid." };
  }
  if (outcome.kind === "declined") return { outcome: "declined", message: outcome.message };
  if (outcome.kind === "challenge" && !authenticated)
    return { outcome: "challenge", message: "Your bank asks you to confirm this payment." };
  return { outcome: "approved" };
}

export const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

export interface CardPageInput {
  brand: string;
  accent: string;
  /** Where the form posts. */
  action: string;
  title: string;
  /** Minor units. */
  amount: number;
  currency: string;
  email?: string | null;
  error?: string;
  /** Set when the card asks for 3-D Secure: the challenge is shown instead of the form. */
  challenge?: { number: string; expiry: string };
  cancelUrl?: string | null;
}

export function cardPage(input: CardPageInput): string {
  const amount = new Intl.NumberFormat("en-GB", { style: "currency", currency: input.currency.toUpperCase() }).format(input.amount / 100);
  if (input.challenge) {
    return page({
      title: "Authenticate",
      brand: "3-D Secure",
      accent: input.accent,
      body: html`<h1>Confirm it is you</h1>
        <p>Your bank asks you to authenticate this payment of ${amount}.</p>
        <form method="post" action="${input.action}">
          <input type="hidden" name="number" value="${input.challenge.number}" />
          <input type="hidden" name="expiry" value="${input.challenge.expiry}" />
          <button type="submit" name="authenticate" value="complete">Complete authentication</button>
          <button class="secondary" type="submit" name="authenticate" value="fail">Fail authentication</button>
        </form>`,
    });
  }
  const cards = TEST_CARDS.map((card) => html`<li><code>${card.number}</code>: ${card.description}</li>`);
  return page({
    title: "Pay",
    brand: input.brand,
    accent: input.accent,
    body: html`<h1>${input.title}</h1>
      <p class="amount">${amount}</p>
      ${input.error ? html`<p class="error" role="alert">${input.error}</p>` : html``}
      <form method="post" action="${input.action}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" value="${input.email ?? ""}" />
        <label for="number">Card number</label>
        <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required />
        <div class="row">
          <div>
            <label for="expiry">Expiry (MM / YY)</label
            ><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34" required />
          </div>
          <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required /></div>
        </div>
        <label for="name">Name on card</label>
        <input id="name" name="name" autocomplete="cc-name" />
        <button type="submit">Pay ${amount}</button>
      </form>
      ${input.cancelUrl ? html`<p><a href="${input.cancelUrl}">Cancel and go back to the shop</a></p>` : html``}
      <details class="cards">
        <summary>Test cards</summary>
        <ul>
          ${cards}
        </ul>
        <p>Any future expiry date and any three digits (four for American Express).</p>
      </details>`,
  });
}
