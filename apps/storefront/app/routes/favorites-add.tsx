import { trackEcommerceEvent } from "~/features/analytics/ecommerce.server";
import { IdParamSchema, WishlistItemQuantitySchema } from "@quire/contracts";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Button, buttonClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { t } from "~/lib/i18n/messages/wishlists";
import { pageTitle } from "~/features/layout/meta";
import type { FormError } from "~/components/forms/form-errors";
import { firstProblem, type FormProblem } from "~/features/wishlists/wishlist-forms";
import { ChooseListFormSchema, CreateListFormSchema } from "~/features/wishlists/wishlist-forms.server";
import { NewListFields, WishlistRadioGroup } from "~/features/wishlists/wishlist-choice";
import {
  addWishlistItem,
  createWishlist,
  failureToast,
  getVariantWithProduct,
  listAllWishlists,
} from "~/features/wishlists/wishlists.server";
import { toVariantBook, VariantBookSummary } from "~/features/catalog/variant-book";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { FAVORITE_ITEM_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { dispatchIntent, intent } from "~/lib/form-intents.server";
import { notFound, requireApiFound } from "~/lib/not-found.server";
import type { RouteHandle } from "~/lib/route-access";
import { getSafeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/favorites-add";

export const handle: RouteHandle = { requiredAuthentication: true };

/** What the page is about: the variant to save, how many, and where to go back to. */
const SelectionQuerySchema = z.object({
  variantId: IdParamSchema,
  quantity: z.coerce.number().pipe(WishlistItemQuantitySchema).default(1),
  selected: IdParamSchema.optional().catch(undefined),
});

function readSelection(url: URL, request: Request) {
  const parsed = SelectionQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw notFound(request);
  return { ...parsed.data, returnTo: getSafeRedirectPath(url.searchParams.get("returnTo"), "/favorites") };
}

function selectionHref(selection: { variantId: number; quantity: number; returnTo: string }, selected?: number): string {
  const params = new URLSearchParams({ variantId: String(selection.variantId), returnTo: selection.returnTo });
  if (selection.quantity !== 1) params.set("quantity", String(selection.quantity));
  if (selected !== undefined) params.set("selected", String(selected));
  return `/favorites/add?${params}`;
}

/**
 * /favorites/add?variantId=&returnTo=: the wishlist selection dialog as a page, where the favourite toggle
 * leads without JavaScript. Same choice, same rules (a list must be chosen), same toasts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const selection = readSelection(new URL(request.url), request);
  const api = context.get(apiContext);
  // An unknown variant, or one the store does not show, is a page that does not exist.
  const [lists, { product, variant }] = await Promise.all([
    listAllWishlists(api),
    requireApiFound(getVariantWithProduct(api, selection.variantId), request),
  ]);
  const selected = lists.some((list) => list.id === selection.selected) ? selection.selected : undefined;
  return { ...selection, selected, lists, book: toVariantBook({ product, variant }) };
}

/** The page's two forms: save the book to the chosen list, or create a list (which comes back chosen). */
export async function action({ request, context }: Route.ActionArgs) {
  const selection = readSelection(new URL(request.url), request);
  const api = context.get(apiContext);
  const refuse = (problem: FormProblem) => data({ problem }, { status: 400 });
  const invalid = (errors: FormError[]) => refuse(firstProblem(errors));

  return dispatchIntent(await request.formData(), {
    [FAVORITE_ITEM_INTENTS.create]: intent({
      schema: CreateListFormSchema,
      invalid,
      run: async ({ name }) => {
        try {
          const created = await createWishlist(api, name);
          const toast = { kind: "success", message: t("wishlists.list.created_message", { name: created.name }) } as const;
          return redirectWithToast(selectionHref(selection, created.id), toast, { status: 303 });
        } catch (error) {
          return refuse({ field: "name", message: failureToast(error).message });
        }
      },
    }),
    [FAVORITE_ITEM_INTENTS.add]: intent({
      schema: ChooseListFormSchema,
      invalid,
      run: async ({ wishlistId }) => {
        try {
          await addWishlistItem(api, { wishlistId, variantId: selection.variantId, quantity: selection.quantity });
          trackEcommerceEvent(context, "add_to_wishlist", { lines: [{ variantId: selection.variantId, quantity: selection.quantity }] });
        } catch (error) {
          return redirectWithToast(selectionHref(selection, wishlistId), failureToast(error), { status: 303 });
        }
        return redirectWithToast(selection.returnTo, { kind: "success", message: t("wishlists.item.added_to_wishlist") }, { status: 303 });
      },
    }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("wishlists.select.title"), matches) }, { name: "robots", content: "noindex" }];
}

export default function FavoritesAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, selected, returnTo, book } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [chosen, setChosen] = useState<number | null>(selected ?? null);
  // A form this page does not know answers errors alone (unknown_intent), which no form here shows.
  const problem = actionData && "problem" in actionData ? actionData.problem : undefined;
  const listProblem = problem && problem.field !== "name" ? problem.message : undefined;
  const nameProblem = problem?.field === "name" ? problem.message : undefined;
  const busy = navigation.state !== "idle";

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs
        items={[
          { label: t("wishlists.home"), href: "/" },
          { label: t("wishlists.title"), href: "/favorites" },
          { label: t("wishlists.select.title") },
        ]}
      />
      <div className="mt-6 max-w-xl rounded-card border border-line bg-surface p-5 sm:p-6">
        <h1 className="text-title">{t("wishlists.select.title")}</h1>
        <p className="mt-2 text-ink-muted">{t("wishlists.select.subtitle")}</p>

        <VariantBookSummary book={book} label={t("wishlists.book_to_save")} className="mt-5" />

        <Form method="post" className="mt-6 flex flex-col gap-4" key={selected ?? "none"}>
          <input type="hidden" name={INTENT_FIELD} value={FAVORITE_ITEM_INTENTS.add} />
          <WishlistRadioGroup lists={lists} defaultValue={selected ?? null} onChange={setChosen} />
          {listProblem ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {listProblem}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Link to={returnTo} className={buttonClass({ variant: "secondary" })}>
              {t("wishlists.select.cancel")}
            </Link>
            {/* Disabled until a list is chosen; without JavaScript the server checks it. */}
            <Button type="submit" disabled={(hydrated && chosen === null) || busy || lists.length === 0}>
              {t("wishlists.select.save")}
            </Button>
          </div>
        </Form>

        <Form method="post" className="mt-6 border-t border-line pt-5" key={`create-${lists.length}`}>
          <NewListFields error={nameProblem} disabled={busy} />
        </Form>
      </div>
    </Container>
  );
}
