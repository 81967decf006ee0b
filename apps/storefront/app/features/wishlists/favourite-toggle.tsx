import { lazy, Suspense, useReducer } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { showToast } from "~/components/ui/toast";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/lib/fetcher-response";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { useRootData } from "~/features/layout/root-data";
import { signInLocation } from "~/lib/auth-redirects";
import { pagePathOf } from "~/lib/page-path";
import type { FavouritesOutcome } from "./favourites-outcome";
import { CLOSED_SELECTION, favouriteSelectionReducer } from "./pending-favourite";
import { getFavouriteToggleMode } from "./favourite-toggle-mode";
import { useFavourites } from "./use-favourites";
import { useFetcherOutcome } from "./use-fetcher-outcome";
import { FAVORITE_ITEM_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { t } from "~/lib/i18n/messages/wishlists-toggle";

// The selection dialog loads the first time a heart opens it: cards and product pages carry hearts, and most
// visits never save a book. The modal it opens in (ui/dialog-modal.tsx, which ui/dialog.tsx would load next)
// is asked for at the same time, so both arrive in one round trip.
const WishlistSelectionDialog = lazy(async () => {
  const [module] = await Promise.all([import("./wishlist-selection-dialog"), import("~/components/ui/dialog-modal")]);
  return { default: module.WishlistSelectionDialog };
});

export type FavouriteToggleAppearance = "icon" | "labelled";

const ICON_LOOK =
  "inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface/95 text-accent shadow-sm outline-accent outline-offset-2 transition-colors hover:bg-accent-soft focus-visible:outline-3";
const LABELLED_LOOK =
  "inline-flex min-h-input items-center justify-center gap-2 rounded-control border border-line-strong bg-surface px-5 text-base font-semibold text-ink outline-accent outline-offset-2 transition-colors hover:border-ink hover:bg-sunk focus-visible:outline-3";

function Heart({ filled }: { filled: boolean }) {
  return <Icon name="heart" className={`size-6 shrink-0 text-accent ${filled ? "fill-current" : ""}`} />;
}

/**
 * The favourite toggle for one variant (docs/storefront-behaviour/favourites.md), for product pages ("labelled") and
 * product cards ("icon"). Saved already: a click removes it from its lists (toast
 * wishlists.item.removed_from_wishlist). Not saved: a click opens the selection dialog. An anonymous
 * visitor is sent to sign in and back; a signed-in customer whose favourites could not be loaded (a
 * privacy policy to accept first) follows the page version of the dialog, which leads them through it.
 * Without JavaScript the same buttons post the removal, or open the page version of the dialog
 * (/favorites/add), and come back here.
 *
 * On a card, pass a positioned className (e.g. "absolute top-2 right-2 z-10") so it sits above the
 * card's stretched link.
 */
export function FavouriteToggle({
  variantId,
  productName,
  quantity = 1,
  appearance = "icon",
  className = "relative z-10",
}: {
  variantId: number;
  productName: string;
  quantity?: number;
  appearance?: FavouriteToggleAppearance;
  className?: string;
}) {
  const favourites = useFavourites();
  const signedIn = Boolean(useRootData()?.customer);
  const location = useLocation();
  const here = pagePathOf(location);
  const hydrated = useHydrated();
  const remove = useFetcher<FavouritesOutcome>();
  const [selection, dispatch] = useReducer(favouriteSelectionReducer, CLOSED_SELECTION);
  useFetcherOutcome(remove, (outcome) => showToast(outcome.toast));

  const look = appearance === "icon" ? ICON_LOOK : LABELLED_LOOK;
  const mode = getFavouriteToggleMode({ signedIn, favourites, variantId, removing: remove.state !== "idle" });

  if (mode === "sign-in") {
    return (
      <Link
        to={signInLocation(location)}
        className={`${look} ${className}`}
        aria-label={appearance === "icon" ? t("wishlists.toggle.sign_in_label", { name: productName }) : undefined}
      >
        <Heart filled={false} />
        {appearance === "labelled" ? <span>{t("wishlists.toggle.sign_in")}</span> : null}
      </Link>
    );
  }

  const saved = mode === "saved";
  // One form and one button whatever the state: saving or removing changes their attributes, never the
  // element, so keyboard focus stays on the heart (and the dialog gives it back to the same button).
  return (
    <>
      <form
        method={saved ? "post" : "get"}
        action={saved ? "/favorites/items" : "/favorites/add"}
        className={className}
        onSubmit={(event) => {
          // "resolve-first" goes to the page version as a document navigation: the root's detour takes over.
          if (mode === "resolve-first") return;
          event.preventDefault();
          if (saved) void remove.submit(event.currentTarget, { method: "post", action: "/favorites/items" });
          else dispatch({ type: "favourite", item: { productName, variantId, quantity } });
        }}
      >
        {saved ? (
          <>
            <input type="hidden" name={INTENT_FIELD} value={FAVORITE_ITEM_INTENTS.removeVariant} />
            <input type="hidden" name="variantId" value={variantId} />
            <input type="hidden" name="returnTo" value={here} />
            {/* With JavaScript the action answers the toast as data; without, it redirects back here. */}
            {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
          </>
        ) : (
          <>
            <input type="hidden" name="variantId" value={variantId} />
            {quantity !== 1 ? <input type="hidden" name="quantity" value={quantity} /> : null}
            <input type="hidden" name="returnTo" value={here} />
          </>
        )}
        <button
          type="submit"
          className={look}
          aria-label={
            appearance === "icon"
              ? saved
                ? t("wishlists.toggle.remove_label", { name: productName })
                : t("wishlists.toggle.save_label", { name: productName })
              : undefined
          }
        >
          <Heart filled={saved} />
          {appearance === "labelled" ? <span>{saved ? t("wishlists.toggle.remove") : t("wishlists.toggle.save")}</span> : null}
        </button>
      </form>
      {/* Outside the form: saving turns the heart on before the dialog has handled its answer. */}
      {selection.pending && favourites ? (
        <Suspense fallback={null}>
          <WishlistSelectionDialog selection={selection} dispatch={dispatch} lists={favourites.lists} />
        </Suspense>
      ) : null}
    </>
  );
}
