/**
 * Forms that also work without JavaScript post a hidden field when a fetcher submits them (after
 * hydration): the action then answers with data and the page stays put. Without the field (no JavaScript)
 * the action redirects back with a flash toast instead.
 */
export const FETCHER_FIELD = "respond";
export const FETCHER_VALUE = "fetcher";

/** Whether a posted form came through a fetcher and wants data rather than a redirect. */
export function wantsFetcherResponse(form: FormData): boolean {
  return form.get(FETCHER_FIELD) === FETCHER_VALUE;
}
