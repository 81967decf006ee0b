import type { Cart } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { Button, ButtonLink } from "~/components/ui/button";
import { MinimumOrderNotice } from "~/features/cart/minimum-order-notice";
import { Price } from "~/components/ui/price";
import { t } from "~/lib/i18n/messages/cart";

/**
 * The minimum-order message (docs/storefront-behaviour/basket.md), from the cart's own figures: the API says whether
 * the subtotal reaches the store's minimum for this currency; the storefront only words it.
 */
export function minimumOrderMessage(cart: Pick<Cart, "minimumOrder">): string | null {
  const minimum = cart.minimumOrder;
  if (!minimum || minimum.isMet) return null;
  return t("cart.summary.minimum_order", { amount: formatMoney(minimum.amount, minimum.currencyCode) });
}

/** The cart's subtotal, the minimum-order message when it applies, and the way on to checkout. */
export function CartSummary({ cart }: { cart: Cart }) {
  const minimum = minimumOrderMessage(cart);
  return (
    <section aria-labelledby="cart-summary" className="flex flex-col gap-4 rounded-card border border-line bg-surface p-5">
      <h2 id="cart-summary" className="text-xl">
        {t("cart.summary.title")}
      </h2>
      <dl className="flex items-baseline justify-between gap-4">
        <dt>
          {t("cart.summary.subtotal")}{" "}
          <span className="text-sm text-ink-muted">
            {cart.itemCount === 1 ? t("cart.summary.item_count_one") : t("cart.summary.item_count", { count: cart.itemCount })}
          </span>
        </dt>
        <dd>
          <Price amount={cart.subTotal.amount} currencyCode={cart.subTotal.currencyCode} className="text-xl" />
        </dd>
      </dl>
      <p className="text-sm text-ink-muted">{t("cart.summary.at_checkout")}</p>
      {minimum ? <MinimumOrderNotice message={minimum} /> : null}
      {minimum ? (
        // An honest dead end rather than a checkout that would refuse the order.
        <Button type="button" disabled aria-describedby="minimum-order">
          {t("cart.summary.checkout")}
        </Button>
      ) : (
        <ButtonLink to="/checkout">{t("cart.summary.checkout")}</ButtonLink>
      )}
      <ButtonLink to="/store" variant="ghost">
        {t("cart.summary.continue")}
      </ButtonLink>
    </section>
  );
}
