/**
 * Shared looks of form controls. Text inputs and native selects are 44 px tall (spec section 9); control
 * borders use line-strong, which keeps 3:1 against the page (WCAG 1.4.11).
 */
export const inputClass =
  "block h-input w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-muted aria-invalid:border-danger";
export const selectClass =
  "block h-input w-full appearance-none rounded-control border border-line-strong bg-surface bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat pr-9 pl-3 text-base text-ink";
export const labelClass = "mb-1.5 block text-sm font-medium text-ink";

/** The chevron drawn into native selects (they lose their own with appearance-none). */
export const selectChevronStyle = {
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%235e554b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
} as const;
