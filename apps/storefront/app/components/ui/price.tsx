import { formatMoney } from "@quire/money";
import { t } from "~/lib/i18n/messages/ui";

interface PriceProps {
  /** Minor units, as the API computed them. */
  amount: number;
  currencyCode: string;
  /** The pre-sale price, shown struck through when higher than `amount`. */
  originalPrice?: number | null;
  /** With a sale: the lowest price of the 30 days before the reduction, which a shop announcing one must show. */
  lowestPriorPrice?: number | null;
  /** Prefix "From" when the product's variants differ in price. */
  from?: boolean;
  className?: string;
}

/** The one way a price is shown. It only formats what the API decided; it never computes a price. */
export function Price({ amount, currencyCode, originalPrice, lowestPriorPrice, from = false, className = "" }: PriceProps) {
  const current = formatMoney(amount, currencyCode);
  const onSale = originalPrice != null && originalPrice > amount;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      {from ? <span className="text-sm text-ink-muted">{t("ui.price.from")}</span> : null}
      {onSale ? (
        <>
          <span className="font-semibold text-sale">
            <span className="sr-only">{t("ui.price.sale_prefix")}</span>
            {current}
          </span>
          <s className="text-sm text-ink-muted">
            <span className="sr-only">{t("ui.price.was_prefix")}</span>
            {formatMoney(originalPrice, currencyCode)}
          </s>
          {lowestPriorPrice != null ? (
            <span className="basis-full text-xs font-normal text-ink-muted">
              {t("ui.price.lowest_prior", { amount: formatMoney(lowestPriorPrice, currencyCode) })}
            </span>
          ) : null}
        </>
      ) : (
        <span className="font-semibold">{current}</span>
      )}
    </span>
  );
}
