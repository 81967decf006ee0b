/**
 * Shared looks of form controls. Text inputs and native selects are 44 px tall (docs/storefront-behaviour/interface.md);
 * control borders use line-strong, which keeps 3:1 against the page (WCAG 1.4.11).
 */
export const inputClass =
  "block h-input w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-muted aria-invalid:border-danger";
export const selectClass =
  "block h-input w-full appearance-none rounded-control border border-line-strong bg-surface bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat pr-9 pl-3 text-base text-ink";
export const labelClass = "mb-1.5 block text-sm font-medium text-ink";

/**
 * The chevron drawn into native selects (they lose their own with appearance-none): the `bg-select-chevron`
 * utility of app.css, so the picture is in the cached stylesheet rather than in every select's markup.
 */
export const selectChevronClass = "bg-select-chevron";
