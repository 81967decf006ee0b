import type { Addon } from "@quire/contracts";
import { Price } from "~/components/ui/price";
import { t } from "~/lib/i18n/messages/catalog-product";

/** The extras sold with a product and what each option costs (prices absent when hidden). */
export function AddonsList({ addons }: { addons: Addon[] }) {
  if (addons.length === 0) return null;
  return (
    <section aria-labelledby="product-addons" className="rounded-card border border-line bg-surface p-5">
      <h2 id="product-addons" className="text-xl">
        {t("catalog.product.extras_for_book")}
      </h2>
      <ul className="mt-3 flex flex-col gap-4">
        {addons.map((addon) => (
          <li key={addon.id}>
            <h3 className="font-sans text-base font-semibold">{addon.name}</h3>
            {addon.description ? <p className="text-sm text-ink-muted">{addon.description}</p> : null}
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {addon.options.map((option) => (
                <li key={option.id} className="flex items-baseline justify-between gap-4 border-b border-dotted border-line pb-1">
                  <span>{option.name}</span>
                  {option.price === null ? null : option.price.amount === 0 ? (
                    <span className="font-semibold">{t("catalog.product.free")}</span>
                  ) : (
                    <Price amount={option.price.amount} currencyCode={option.price.currencyCode} />
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
