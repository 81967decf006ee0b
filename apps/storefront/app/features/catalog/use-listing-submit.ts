import { useNavigation, useSubmit } from "react-router";
import { parseListingSearch, type ListingState } from "./listing-query";

/**
 * The listing this page last asked for and has not shown yet: its action, its query, and the query the address
 * had when it was asked (once the address moves on, it has landed or been replaced). Shared by the page's
 * listing forms, so one can build on a navigation another started.
 */
let asked: { action: string; query: string; from: string } | null = null;

/**
 * Submits a listing form (filters or sort) as a client navigation: empty boxes are left out so the URL
 * stays tidy, and the scroll position stays put. Without JavaScript the same forms submit natively.
 *
 * A form's own controls (the boxes, the sort) give their values; the rest of the listing comes from its hidden
 * fields, or, while a navigation another listing form started is still loading, from what that navigation asked
 * for. That is read when the form is sent, not when it was drawn: a sort chosen a moment after a filter keeps the
 * filter even when the page has not re-rendered in between.
 */
export function useListingSubmit() {
  const submit = useSubmit();
  return (form: HTMLFormElement) => {
    const action = form.getAttribute("action") ?? window.location.pathname;
    const own = new Set(
      [...form.elements].flatMap((element) =>
        (element instanceof HTMLInputElement && element.type === "hidden") || !("name" in element) ? [] : [String(element.name)],
      ),
    );
    const pending = asked?.action === action && asked.from === window.location.search ? new URLSearchParams(asked.query) : null;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "" && (!pending || own.has(name))) params.append(name, value.trim());
    }
    for (const [name, value] of pending ?? []) if (!own.has(name)) params.append(name, value);
    asked = { action, query: params.toString(), from: window.location.search };
    void submit(params, { method: "get", action, preventScrollReset: true });
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
