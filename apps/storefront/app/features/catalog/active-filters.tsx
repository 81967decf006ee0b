import type { Facet } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { listingHref, withoutFilters, withoutFilterValue, withoutPriceBounds, type ListingState } from "./listing-query";
import { t } from "~/lib/i18n/messages/catalog-listing";

const chipClass =
  "inline-flex min-h-9 items-center gap-1.5 rounded-full border border-line-strong bg-surface py-1 pr-2.5 pl-3 text-sm text-ink hover:border-ink hover:bg-sunk";

/** The applied filters as removable chips: plain links, so removing one works without JavaScript. */
export function ActiveFilters({
  state,
  pathname,
  facets,
  currencyCode,
}: {
  state: ListingState;
  pathname: string;
  facets: Facet[];
  currencyCode: string;
}) {
  const chips: { key: string; label: string; href: string }[] = [];
  for (const filter of state.filters) {
    const facet = facets.find((candidate) => candidate.code === filter.code);
    for (const value of filter.values) {
      const label = facet?.values.find((candidate) => candidate.code === value)?.label ?? value;
      chips.push({
        key: `${filter.code}=${value}`,
        label: facet ? t("catalog.listing.chip", { name: facet.name, value: label }) : label,
        href: listingHref(pathname, withoutFilterValue(state, filter.code, value)),
      });
    }
  }
  if (state.minPrice !== undefined || state.maxPrice !== undefined) {
    const min = state.minPrice ? formatMoney(state.minPrice, currencyCode) : undefined;
    const max = state.maxPrice !== undefined ? formatMoney(state.maxPrice, currencyCode) : undefined;
    const range =
      min && max
        ? t("catalog.listing.price_between", { min, max })
        : min
          ? t("catalog.listing.price_and_up", { min })
          : t("catalog.listing.price_up_to", { max: max ?? "" });
    chips.push({ key: "price", label: t("catalog.listing.chip_price", { range }), href: listingHref(pathname, withoutPriceBounds(state)) });
  }
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label={t("catalog.listing.applied")} className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.href}
              preventScrollReset
              className={chipClass}
              aria-label={t("catalog.listing.remove_filter", { label: chip.label })}
            >
              {chip.label}
              <Icon name="close" className="size-4 text-ink-muted" />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <Link
          to={listingHref(pathname, withoutFilters(state))}
          preventScrollReset
          className="px-1 text-sm font-medium text-accent underline underline-offset-3"
        >
          {t("catalog.listing.clear_all")}
        </Link>
      ) : null}
    </div>
  );
}
