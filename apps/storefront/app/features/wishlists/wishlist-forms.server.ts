import { IdParamSchema, MAX_WISHLIST_ITEMS, WishlistItemQuantitySchema, WishlistNameSchema } from "@quire/contracts";
import { z } from "zod";
import { t } from "~/lib/i18n/translate";

/*
 * The favourites forms' fields, as the actions read them (lib/form-intents.server.ts). Names and quantities
 * reuse the API contract's rules, so the two cannot disagree about a valid list name. The intent is not a
 * field here: the dispatcher has already chosen the schema by it.
 */

const chooseList = t("wishlists.select.choose_list_error");
/** The chosen list of a radio group: absent or empty when none was chosen. */
const ChosenListField = z
  .string({ error: chooseList })
  .min(1, chooseList)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

export const CreateListFormSchema = z.object({ name: WishlistNameSchema });
export const RenameListFormSchema = z.object({ wishlistId: IdParamSchema, name: WishlistNameSchema });
export const DeleteListFormSchema = z.object({ wishlistId: IdParamSchema });
/** Saving from the selection dialog or its page: a list must be chosen. */
export const AddItemFormSchema = z.object({
  wishlistId: ChosenListField,
  variantId: IdParamSchema,
  quantity: z.coerce.number().pipe(WishlistItemQuantitySchema).default(1),
});
/** The favourite toggle on a variant already saved: take it out of every list that holds it. */
export const RemoveVariantFormSchema = z.object({ variantId: IdParamSchema });
export const RemoveItemFormSchema = z.object({ wishlistId: IdParamSchema, itemId: IdParamSchema });
/** "Remove selected": the list page's ticked items, each an `itemId` field of its own. */
export const RemoveItemsFormSchema = z.object({
  itemId: z.array(IdParamSchema).min(1, t("wishlists.items.none_selected")).max(MAX_WISHLIST_ITEMS),
});

export type AddItemForm = z.output<typeof AddItemFormSchema>;

/** The selection page's form: only the list; the variant and quantity come from the page's address. */
export const ChooseListFormSchema = AddItemFormSchema.pick({ wishlistId: true });
