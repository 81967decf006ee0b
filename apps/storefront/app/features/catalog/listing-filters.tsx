import { currencySymbol, formatMoney } from "@quire/money";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { inputClass } from "~/components/ui/field";
import type { ListedFacet } from "./listing-facets";
import { ListingHiddenFields } from "./listing-hidden-fields";
import { formatAmountParam, hasFilters, isSelected, listingHref, withoutFilters, type ListingState } from "./listing-query";
import { useListingSubmit } from "./use-listing-submit";
import { t } from "~/lib/i18n/messages/catalog-listing";

/** Values shown before a long facet folds the rest under "Show more". */
const VISIBLE_VALUES = 6;

export interface PriceRange {
  min: number;
  max: number;
  currencyCode: string;
}

/**
 * The filter panel: a GET form of checkbox groups (one per facet, with counts) and price bounds, with an
 * "Apply" button so it works without JavaScript. With JavaScript a ticked box applies at once.
 *
 * On a phone the panel folds into a <details> disclosure; from the lg breakpoint it is an open sidebar
 * (the summary is hidden and the details content forced visible, where the browser supports
 * ::details-content; elsewhere the summary stays as a working toggle).
 */
export function ListingFilters({
  state,
  view,
  pathname,
  facets,
  priceRange,
  currencyCode,
  pricesHidden,
}: {
  state: ListingState;
  /** What to show as ticked: the state being loaded while a change is on its way. */
  view: ListingState;
  pathname: string;
  facets: ListedFacet[];
  priceRange: PriceRange | null;
  currencyCode: string;
  pricesHidden: boolean;
}) {
  const submitListing = useListingSubmit();
  const shownFacets = facets
    .map((facet) => ({ ...facet, values: facet.values.filter((value) => value.count > 0 || isSelected(view, facet.code, value.code)) }))
    .filter((facet) => facet.values.length > 0);
  const activeCount =
    state.filters.reduce((sum, filter) => sum + filter.values.length, 0) +
    (state.minPrice !== undefined || state.maxPrice !== undefined ? 1 : 0);

  return (
    <details className="group/filters rounded-card border border-line bg-surface lg:border-0 lg:bg-transparent lg:details-content:[content-visibility:visible]">
      <summary className="flex min-h-input items-center justify-between gap-2 px-4 font-semibold lg:[@supports(selector(::details-content))]:hidden">
        <span>
          {t("catalog.listing.filters")}
          {activeCount > 0 ? <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs text-accent-ink">{activeCount}</span> : null}
        </span>
        <Icon name="chevron-down" className="size-5 transition-transform group-open/filters:rotate-180" />
      </summary>
      <div className="border-t border-line px-4 pt-2 pb-4 lg:border-0 lg:p-0">
        <h2 className="sr-only lg:not-sr-only lg:mb-2 lg:font-serif lg:text-xl">{t("catalog.listing.filters")}</h2>
        <Form
          method="get"
          action={pathname}
          preventScrollReset
          className="flex flex-col gap-1"
          onChange={(event) => {
            if (event.target instanceof HTMLInputElement && event.target.type === "checkbox") submitListing(event.currentTarget);
          }}
          onSubmit={(event) => {
            event.preventDefault();
            submitListing(event.currentTarget);
          }}
        >
          {shownFacets.map((facet) => (
            <FacetGroup key={facet.code} facet={facet} view={view} />
          ))}
          {pricesHidden ? null : <PriceBounds state={state} priceRange={priceRange} currencyCode={currencyCode} />}
          {/* The sort being loaded, if one is: a filter ticked while a sort is on its way keeps that sort. */}
          <ListingHiddenFields state={view} keep="sort" />
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button type="submit" size="sm">
              {t("catalog.listing.apply_filters")}
            </Button>
            {hasFilters(state) ? (
              <Link
                to={listingHref(pathname, withoutFilters(state))}
                preventScrollReset
                className="text-sm font-medium text-accent underline underline-offset-3"
              >
                {t("catalog.listing.clear_all")}
              </Link>
            ) : null}
          </div>
        </Form>
      </div>
    </details>
  );
}

function FacetGroup({ facet, view }: { facet: ListedFacet; view: ListingState }) {
  const first = facet.values.slice(0, VISIBLE_VALUES);
  const rest = facet.values.slice(VISIBLE_VALUES);
  const restHasSelection = rest.some((value) => isSelected(view, facet.code, value.code));
  const checkbox = (value: ListedFacet["values"][number]) => (
    <li key={value.code}>
      <label className="flex min-h-9 cursor-pointer items-center gap-3 rounded-control py-1 text-sm hover:bg-sunk lg:-mx-2 lg:px-2">
        <input
          type="checkbox"
          name={facet.code}
          value={value.code}
          checked={isSelected(view, facet.code, value.code)}
          onChange={() => {
            // Submitted by the form's change handler; the box shows the new state from the navigation.
          }}
          className="size-4.5 shrink-0 accent-accent"
        />
        <span className="flex-1">{value.label}</span>
        {/* The count is read once, as the whole phrase: a screen reader reads an absolutely placed sr-only piece
            as a block of its own and would put spaces inside the brackets ("( 90 products)"). */}
        <span className="text-ink-muted tabular-nums" aria-hidden="true">
          {value.count}
        </span>
        <span className="sr-only">{t("catalog.listing.value_count", { count: value.count })}</span>
      </label>
    </li>
  );
  return (
    <fieldset className="border-b border-line py-3">
      <legend className="float-left mb-1 w-full text-sm font-semibold text-ink">{facet.name}</legend>
      <ul className="clear-both">{first.map(checkbox)}</ul>
      {rest.length ? (
        <details open={restHasSelection} className="group/more">
          <summary className="mt-1 inline-flex min-h-9 items-center gap-1 text-sm font-medium text-accent">
            <span className="group-open/more:hidden">{t("catalog.listing.show_more", { count: rest.length })}</span>
            <span className="hidden group-open/more:inline">{t("catalog.listing.show_fewer")}</span>
            <Icon name="chevron-down" className="size-4 transition-transform group-open/more:rotate-180" />
          </summary>
          <ul>{rest.map(checkbox)}</ul>
          {facet.unlisted > 0 ? <p className="mt-1 text-sm text-ink-muted">{t("catalog.listing.unlisted")}</p> : null}
        </details>
      ) : null}
    </fieldset>
  );
}

function PriceBounds({ state, priceRange, currencyCode }: { state: ListingState; priceRange: PriceRange | null; currencyCode: string }) {
  const symbol = currencySymbol(priceRange?.currencyCode ?? currencyCode).trim();
  const fromState = (amount: number | undefined) => (amount === undefined ? "" : formatAmountParam(amount));
  const [min, setMin] = useState(fromState(state.minPrice));
  const [max, setMax] = useState(fromState(state.maxPrice));
  // Follow the URL when it changes elsewhere (a removed chip, "Clear all", back and forward): reset the
  // boxes during render when the bounds differ from those last seen, as React recommends over an effect.
  const [seen, setSeen] = useState({ min: state.minPrice, max: state.maxPrice });
  if (seen.min !== state.minPrice || seen.max !== state.maxPrice) {
    setSeen({ min: state.minPrice, max: state.maxPrice });
    setMin(fromState(state.minPrice));
    setMax(fromState(state.maxPrice));
  }

  const box = (name: "min" | "max", label: string, value: string, set: (value: string) => void, placeholder?: number) => (
    <div className="flex-1">
      <label htmlFor={`price-${name}`} className="mb-1 block text-sm text-ink-muted">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-ink-muted">
          {symbol}
        </span>
        <input
          id={`price-${name}`}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
          placeholder={placeholder === undefined ? undefined : formatAmountParam(placeholder)}
          className={`${inputClass} pl-8 tabular-nums`}
        />
      </div>
    </div>
  );

  return (
    <fieldset className="py-3">
      <legend className="mb-1 text-sm font-semibold text-ink">{t("catalog.listing.price", { symbol })}</legend>
      {priceRange ? (
        <p className="mb-2 text-xs text-ink-muted">
          {t("catalog.listing.price_range", {
            min: formatMoney(priceRange.min, priceRange.currencyCode),
            max: formatMoney(priceRange.max, priceRange.currencyCode),
          })}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        {box("min", t("catalog.listing.price_from"), min, setMin, priceRange?.min)}
        <span aria-hidden="true" className="pb-3 text-ink-muted">
          –
        </span>
        {box("max", t("catalog.listing.price_to"), max, setMax, priceRange?.max)}
      </div>
    </fieldset>
  );
}
