import { defaultSort, formatAmountParam, type ListingState } from "./listing-query";

/**
 * The parts of a listing's state one form does not edit, carried as hidden inputs so submitting that form
 * keeps them (the sort form keeps the filters; the filter form keeps the sort). Never the page: a new
 * selection starts at page 1.
 */
export function ListingHiddenFields({ state, keep }: { state: ListingState; keep: "filters" | "sort" }) {
  // The search text is what both forms refine: each keeps it.
  const text = state.text !== undefined ? <input type="hidden" name="q" value={state.text} /> : null;
  if (keep === "sort") {
    return (
      <>
        {text}
        {state.sort === defaultSort(state.text) ? null : <input type="hidden" name="sort" value={state.sort} />}
      </>
    );
  }
  return (
    <>
      {text}
      {state.filters.flatMap((filter) =>
        filter.values.map((value) => <input key={`${filter.code}=${value}`} type="hidden" name={filter.code} value={value} />),
      )}
      {state.minPrice !== undefined ? <input type="hidden" name="min" value={formatAmountParam(state.minPrice)} /> : null}
      {state.maxPrice !== undefined ? <input type="hidden" name="max" value={formatAmountParam(state.maxPrice)} /> : null}
    </>
  );
}
