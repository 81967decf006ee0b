import type { FormError } from "~/components/forms/form-errors";
import { t } from "~/lib/i18n/messages/wishlists";

/*
 * What the favourites forms share with their pages, without zod (the schemas are in
 * wishlist-forms.server.ts; the intent names in lib/form-intents.ts).
 */

/** The form "Remove selected" posts: the list page's ticked items belong to it through the `form` attribute. */
export const REMOVE_SELECTED_FORM_ID = "remove-selected";

/** One problem with a favourites form, as its page shows it: the first refused field. */
export interface FormProblem {
  /** The form field the problem concerns, when there is one. */
  field?: string;
  message: string;
}

/** The problem the shopper is told of: the first error, beside its field when it has one. */
export function firstProblem(errors: readonly FormError[]): FormProblem {
  const [first] = errors;
  return { field: first?.field, message: first?.message ?? t("wishlists.form_unreadable") };
}
