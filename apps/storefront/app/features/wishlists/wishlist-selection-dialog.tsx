import type { WishlistSummary } from "@quire/contracts";
import { useState, type Dispatch } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { showToast } from "~/components/ui/toast";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/lib/fetcher-response";
import { t } from "~/lib/i18n/messages/wishlists";
import type { FavouritesOutcome } from "./favourites-outcome";
import { canSaveSelection, type FavouriteSelectionEvent, type FavouriteSelectionState } from "./pending-favourite";
import { useFetcherOutcome } from "./use-fetcher-outcome";
import { NewListFields, WishlistRadioGroup } from "./wishlist-choice";
import { FAVORITE_ITEM_INTENTS, INTENT_FIELD } from "~/lib/form-intents";

const ITEMS_ACTION = "/favorites/items";

/**
 * The wishlist selection dialog (docs/storefront-behaviour/favourites.md): a modal with translated title and subtitle,
 * the customer's lists as radio options labelled by name, Cancel, and Save disabled until a list is chosen. A new list
 * can be created here; it is chosen at once. Saving shows wishlists.item.added_to_wishlist and closes; a failure shows
 * the first error as a toast and leaves the dialog open.
 */
export function WishlistSelectionDialog({
  selection,
  dispatch,
  lists,
}: {
  selection: FavouriteSelectionState;
  dispatch: Dispatch<FavouriteSelectionEvent>;
  lists: WishlistSummary[];
}) {
  const add = useFetcher<FavouritesOutcome>();
  const create = useFetcher<FavouritesOutcome>();
  const [nameError, setNameError] = useState<string | undefined>();
  // Bumped after each created list, so the name field starts empty again.
  const [createdCount, setCreatedCount] = useState(0);

  useFetcherOutcome(add, (outcome) => {
    showToast(outcome.toast);
    if (outcome.ok) dispatch({ type: "added" });
  });
  useFetcherOutcome(create, (outcome) => {
    if (outcome.ok && outcome.createdWishlist) {
      setNameError(undefined);
      setCreatedCount((count) => count + 1);
      dispatch({ type: "list-created", wishlistId: outcome.createdWishlist.id });
    } else if (!outcome.ok) {
      if (outcome.field === "name") setNameError(outcome.toast.message);
      else showToast(outcome.toast);
    }
  });

  const { pending, wishlistId } = selection;
  const saving = add.state !== "idle";
  const close = () => {
    setNameError(undefined);
    dispatch({ type: "cancelled" });
  };
  const save = () => {
    if (!pending || wishlistId === null) return;
    void add.submit(
      {
        [INTENT_FIELD]: FAVORITE_ITEM_INTENTS.add,
        wishlistId,
        variantId: pending.variantId,
        quantity: pending.quantity,
        [FETCHER_FIELD]: FETCHER_VALUE,
      },
      { method: "post", action: ITEMS_ACTION },
    );
  };

  return (
    <Dialog
      isOpen={pending !== null}
      onClose={close}
      title={t("wishlists.select.title")}
      subtitle={t("wishlists.select.subtitle")}
      icon="heart"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            {t("wishlists.select.cancel")}
          </Button>
          <Button type="button" onClick={save} disabled={!canSaveSelection(selection) || saving}>
            {t("wishlists.select.save")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {pending ? <p className="font-serif text-lg font-semibold">{pending.productName}</p> : null}
        <WishlistRadioGroup lists={lists} value={wishlistId} onChange={(id) => dispatch({ type: "choose-list", wishlistId: id })} />
        <create.Form key={createdCount} method="post" action={ITEMS_ACTION} className="border-t border-line pt-5">
          <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} />
          <NewListFields error={nameError} disabled={create.state !== "idle"} />
        </create.Form>
      </div>
    </Dialog>
  );
}
