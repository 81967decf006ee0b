import { Price } from "~/components/ui/price";
import { t } from "~/lib/i18n/messages/checkout-page";

interface Money {
  amount: number;
  currencyCode: string;
}

/**
 * An order's figures as the API computed them (the checkout summary's, or a placed order's): subtotal, money
 * off, delivery ('Free delivery' when the charge is zero), tax and the grand total. Nothing
 * is added up here.
 */
export function OrderTotals({
  subTotal,
  discount,
  deliveryCharge,
  taxes,
  grandTotal,
}: {
  subTotal: Money;
  discount: Money;
  /** Null until a delivery option is chosen. */
  deliveryCharge: Money | null;
  taxes: { amount: Money; included: boolean };
  grandTotal: Money;
}) {
  const row = "flex items-baseline justify-between gap-4";
  return (
    <dl className="grid gap-2.5">
      <div className={row}>
        <dt>{t("checkout.totals.subtotal")}</dt>
        <dd>
          <Price amount={subTotal.amount} currencyCode={subTotal.currencyCode} className="[&>span]:font-medium" />
        </dd>
      </div>
      {discount.amount > 0 ? (
        <div className={row}>
          <dt>{t("checkout.totals.discount")}</dt>
          <dd className="text-success">
            <Price amount={-discount.amount} currencyCode={discount.currencyCode} className="[&>span]:font-medium" />
          </dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>{t("checkout.totals.delivery")}</dt>
        <dd>
          {deliveryCharge === null ? (
            <span className="text-sm text-ink-muted">{t("checkout.totals.delivery_later")}</span>
          ) : deliveryCharge.amount === 0 ? (
            <span className="font-medium text-success">{t("checkout.free_delivery")}</span>
          ) : (
            <Price amount={deliveryCharge.amount} currencyCode={deliveryCharge.currencyCode} className="[&>span]:font-medium" />
          )}
        </dd>
      </div>
      <div className={`${row} ${taxes.included ? "text-sm text-ink-muted" : ""}`}>
        <dt>{taxes.included ? t("checkout.totals.tax_included") : t("checkout.totals.tax")}</dt>
        <dd>
          <Price amount={taxes.amount.amount} currencyCode={taxes.amount.currencyCode} className="[&>span]:font-normal" />
        </dd>
      </div>
      <div className={`${row} mt-1 border-t border-line pt-3.5`}>
        <dt className="text-lg font-semibold">{t("checkout.totals.total")}</dt>
        <dd>
          <Price amount={grandTotal.amount} currencyCode={grandTotal.currencyCode} className="text-xl" />
        </dd>
      </div>
    </dl>
  );
}
