import type { Cart } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { Button, ButtonLink } from "~/components/ui/button";
import { MinimumOrderNotice } from "~/features/cart/minimum-order-notice";
import { Price } from "~/components/ui/price";

/**
 * The minimum-order message (spec sections 1 and 5), from the cart's own figures: the API says whether the
 * subtotal reaches the store's minimum for this currency; the storefront only words it.
 */
export function minimumOrderMessage(cart: Pick<Cart, "minimumOrder">): string | null {
  const minimum = cart.minimumOrder;
  if (!minimum || minimum.isMet) return null;
  return `The minimum order is ${formatMoney(minimum.amount, minimum.currencyCode)}. Add a little more to your basket to place your order.`;
}

/** The cart's subtotal, the minimum-order message when it applies, and the way on to checkout. */
export function CartSummary({ cart }: { cart: Cart }) {
  const minimum = minimumOrderMessage(cart);
  return (
    <section aria-labelledby="cart-summary" className="flex flex-col gap-4 rounded-card border border-line bg-surface p-5">
      <h2 id="cart-summary" className="text-xl">
        Summary
      </h2>
      <dl className="flex items-baseline justify-between gap-4">
        <dt>
          Subtotal{" "}
          <span className="text-sm text-ink-muted">
            ({cart.itemCount} {cart.itemCount === 1 ? "item" : "items"})
          </span>
        </dt>
        <dd>
          <Price amount={cart.subTotal.amount} currencyCode={cart.subTotal.currencyCode} className="text-xl" />
        </dd>
      </dl>
      <p className="text-sm text-ink-muted">Delivery and any discounts are worked out at checkout.</p>
      {minimum ? <MinimumOrderNotice message={minimum} /> : null}
      {minimum ? (
        // An honest dead end rather than a checkout that would refuse the order.
        <Button type="button" disabled aria-describedby="minimum-order">
          Checkout
        </Button>
      ) : (
        <ButtonLink to="/checkout">Checkout</ButtonLink>
      )}
      <ButtonLink to="/store" variant="ghost">
        Continue shopping
      </ButtonLink>
    </section>
  );
}
