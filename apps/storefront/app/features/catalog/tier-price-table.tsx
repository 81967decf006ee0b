import type { TierPrice } from "@quire/contracts";
import { Price } from "~/components/ui/price";
import { t } from "~/lib/i18n/messages/catalog-product";

/** Quantity breaks as the API priced them: "Buy 5+ · £x each". */
export function TierPriceTable({ tiers }: { tiers: TierPrice[] }) {
  if (tiers.length === 0) return null;
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return (
    <table className="w-full max-w-xs text-sm">
      <caption className="mb-1 text-left font-semibold text-ink">{t("catalog.product.tiers")}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t("catalog.product.tier_quantity")}</th>
          <th scope="col">{t("catalog.product.tier_price")}</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((tier) => (
          <tr key={tier.minQuantity} className="border-t border-line">
            <th scope="row" className="py-1.5 pr-4 text-left font-normal text-ink-muted">
              {t("catalog.product.tier_buy", { quantity: tier.minQuantity })}
            </th>
            <td className="py-1.5 text-right">
              <Price amount={tier.amount} currencyCode={tier.currencyCode} />{" "}
              <span className="text-ink-muted">{t("catalog.product.tier_each")}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
