import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { selectChevronClass, selectClass } from "~/components/ui/field";
import { ListingHiddenFields } from "./listing-hidden-fields";
import { LISTING_SORTS, type ListingState } from "./listing-query";
import { useListingSubmit } from "./use-listing-submit";
import { t } from "~/lib/i18n/messages/catalog-listing";

/**
 * The order of a listing: a GET form of its own, so it works without JavaScript (with its "Sort" button, in
 * <noscript>: a browser running scripts never lays it out); with JavaScript a change applies at once. Price orders are left out when prices are hidden, the relevance
 * order everywhere but search results.
 */
export function SortSelect({
  state,
  pathname,
  pricesHidden,
}: {
  /**
   * The listing as it is about to be: while a listing navigation is loading, the state of the URL being
   * loaded (useOptimisticListingState). Its sort is the one shown, and its filters are the ones the form
   * keeps, so a sort chosen while a filter is still loading keeps that filter instead of dropping it.
   */
  state: ListingState;
  pathname: string;
  pricesHidden: boolean;
}) {
  const submitListing = useListingSubmit();
  const options = LISTING_SORTS.filter((option) => !(pricesHidden && option.usesPrice) && (state.text !== undefined || !option.searchOnly));
  return (
    <Form method="get" action={pathname} className="flex items-end gap-2" preventScrollReset>
      <ListingHiddenFields state={state} keep="filters" />
      <div>
        <label htmlFor="listing-sort" className="mb-1 block text-sm font-medium text-ink">
          {t("catalog.listing.sort_by")}
        </label>
        <select
          id="listing-sort"
          name="sort"
          value={state.sort}
          onChange={(event) => {
            if (event.currentTarget.form) submitListing(event.currentTarget.form);
          }}
          className={`${selectClass} ${selectChevronClass} min-w-48`}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {/* Only where scripts do not run: a button that went away on hydration moved the listing below it (CLS). */}
      <noscript>
        <Button type="submit" variant="secondary">
          {t("catalog.listing.sort")}
        </Button>
      </noscript>
    </Form>
  );
}
