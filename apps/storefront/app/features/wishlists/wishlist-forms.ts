import { IdParamSchema, MAX_WISHLIST_ITEMS, WishlistItemQuantitySchema, WishlistNameSchema } from "@quire/contracts";
import { z } from "zod";
import { t } from "~/features/i18n/translate";

/*
 * The favourites forms, as posted. The same schemas check what the forms send (CONVENTIONS.md habit 6);
 * names and quantities reuse the API contract's rules, so the two cannot disagree about a valid list name.
 */

const chooseList = t("wishlists.select.choose_list_error");
/** The chosen list of a radio group: absent or empty when none was chosen. */
const ChosenListField = z
  .string({ error: chooseList })
  .min(1, chooseList)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

export const CreateListFormSchema = z.object({ intent: z.literal("create"), name: WishlistNameSchema });
export const RenameListFormSchema = z.object({ intent: z.literal("rename"), wishlistId: IdParamSchema, name: WishlistNameSchema });
export const DeleteListFormSchema = z.object({ intent: z.literal("delete"), wishlistId: IdParamSchema });
/** Saving from the selection dialog or its page: a list must be chosen (spec section 5). */
export const AddItemFormSchema = z.object({
  intent: z.literal("add"),
  wishlistId: ChosenListField,
  variantId: IdParamSchema,
  quantity: z.coerce.number().pipe(WishlistItemQuantitySchema).default(1),
});
/** The favourite toggle on a variant already saved: take it out of every list that holds it. */
export const RemoveVariantFormSchema = z.object({ intent: z.literal("remove-variant"), variantId: IdParamSchema });
export const RemoveItemFormSchema = z.object({ intent: z.literal("remove-item"), wishlistId: IdParamSchema, itemId: IdParamSchema });
/** The form "Remove selected" posts: the list page's ticked items, each an `itemId` field of its own. */
export const REMOVE_SELECTED_FORM_ID = "remove-selected";
export const RemoveItemsFormSchema = z.object({
  intent: z.literal("remove-items"),
  itemIds: z.array(IdParamSchema).min(1, t("wishlists.items.none_selected")).max(MAX_WISHLIST_ITEMS),
});

export type CreateListForm = z.infer<typeof CreateListFormSchema>;
export type AddItemForm = z.infer<typeof AddItemFormSchema>;

export interface FormProblem {
  /** The form field the problem concerns, when there is one. */
  field?: string;
  message: string;
}

export type ParsedForm<T> = { ok: true; value: T } | { ok: false; problem: FormProblem };

/** Form data checked against one of the schemas above; the first problem is what the shopper is told. */
export function parseWishlistForm<S extends z.ZodType>(schema: S, form: FormData): ParsedForm<z.infer<S>> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return checked(schema, fields);
}

/** "Remove selected": every ticked `itemId`, which parseWishlistForm (one value per field) would cut to the last. */
export function parseRemoveItemsForm(form: FormData): ParsedForm<z.infer<typeof RemoveItemsFormSchema>> {
  return checked(RemoveItemsFormSchema, { intent: form.get("intent"), itemIds: form.getAll("itemId") });
}

function checked<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): ParsedForm<z.infer<S>> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
  return { ok: false, problem: { field, message: issue.message } };
}

/** The intent a form names, to pick which schema reads it. */
export function readIntent(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}
