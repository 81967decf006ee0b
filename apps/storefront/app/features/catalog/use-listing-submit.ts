import { useNavigation, useSubmit } from "react-router";
import { parseListingSearch, type ListingState } from "./listing-query";

/**
 * Submits a listing form (filters or sort) as a client navigation: empty boxes are left out so the URL
 * stays tidy, and the scroll position stays put. Without JavaScript the same forms submit natively.
 */
export function useListingSubmit() {
  const submit = useSubmit();
  return (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
    }
    void submit(params, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
  };
}

/**
 * The state the page is about to show: while a listing navigation to the same page is loading, the state
 * of the URL being loaded, so a ticked box or a chosen sort shows at once instead of flicking back.
 */
export function useOptimisticListingState(state: ListingState, pathname: string, filterCodes: ReadonlySet<string>): ListingState {
  const navigation = useNavigation();
  const next = navigation.location;
  if (!next || next.pathname !== pathname) return state;
  const parsed = parseListingSearch(new URLSearchParams(next.search), filterCodes);
  return parsed.ok ? parsed.state : state;
}
