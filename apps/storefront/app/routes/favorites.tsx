import type { WishlistSummary } from "@quire/contracts";
import { useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { inputClass, labelClass } from "~/components/ui/field";
import { Container } from "~/components/ui/container";
import type { ToastMessage } from "~/components/ui/toast";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { t } from "~/lib/i18n/messages/wishlists";
import { pageTitle } from "~/features/layout/meta";
import { NewListFields } from "~/features/wishlists/wishlist-choice";
import { firstProblem, type FormProblem } from "~/features/wishlists/wishlist-forms";
import { CreateListFormSchema, DeleteListFormSchema, RenameListFormSchema } from "~/features/wishlists/wishlist-forms.server";
import { createWishlist, deleteWishlist, failureToast, listAllWishlists, renameWishlist } from "~/features/wishlists/wishlists.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { FAVORITES_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { dispatchIntent, intent } from "~/lib/form-intents.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/favorites";

/** Favourites need a signed-in customer; the root sends visitors to sign in. */
export const handle: RouteHandle = { requiredAuthentication: true };

function idParam(url: URL, name: string): number | null {
  const value = Number(url.searchParams.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * /favorites: the customer's lists, all of them (read 50 at a time). `?rename=<id>` opens that list's
 * rename form and `?delete=<id>` its delete confirmation: the versions that work without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lists = await listAllWishlists(context.get(apiContext));
  const known = (id: number | null) => (id !== null && lists.some((list) => list.id === id) ? id : null);
  return { lists, renamingId: known(idParam(url, "rename")), confirmingDeleteId: known(idParam(url, "delete")) };
}

type ActionProblem = { intent: "create" | "rename"; wishlistId?: number; problem: FormProblem };
const refuse = (answer: ActionProblem) => data(answer, { status: 400 });
const backToLists = (toast: ToastMessage) => redirectWithToast("/favorites", toast, { status: 303 });

/** The lists' forms: create, rename (both show a refusal beside the name) and delete (a toast). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  return dispatchIntent(await request.formData(), {
    [FAVORITES_INTENTS.create]: intent({
      schema: CreateListFormSchema,
      invalid: (errors) => refuse({ intent: FAVORITES_INTENTS.create, problem: firstProblem(errors) }),
      run: async ({ name }) => {
        try {
          const created = await createWishlist(api, name);
          return backToLists({ kind: "success", message: t("wishlists.list.created_message", { name: created.name }) });
        } catch (error) {
          return refuse({ intent: FAVORITES_INTENTS.create, problem: { field: "name", message: failureToast(error).message } });
        }
      },
    }),
    [FAVORITES_INTENTS.rename]: intent({
      schema: RenameListFormSchema,
      invalid: (errors, form) =>
        refuse({ intent: FAVORITES_INTENTS.rename, wishlistId: Number(form.get("wishlistId")), problem: firstProblem(errors) }),
      run: async ({ wishlistId, name }) => {
        try {
          const renamed = await renameWishlist(api, wishlistId, name);
          return backToLists({ kind: "success", message: t("wishlists.list.renamed_message", { name: renamed.name }) });
        } catch (error) {
          return refuse({ intent: FAVORITES_INTENTS.rename, wishlistId, problem: { field: "name", message: failureToast(error).message } });
        }
      },
    }),
    // Deleting ends back on the lists with a toast, whatever happened (a failure's is the API's first error).
    [FAVORITES_INTENTS.delete]: intent({
      schema: DeleteListFormSchema,
      invalid: (errors) => backToLists({ kind: "error", message: firstProblem(errors).message }),
      run: async ({ wishlistId }) => {
        try {
          await deleteWishlist(api, wishlistId);
        } catch (error) {
          return backToLists(failureToast(error));
        }
        return backToLists({ kind: "success", message: t("wishlists.list.deleted_message") });
      },
    }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("wishlists.title"), matches) }, { name: "robots", content: "noindex" }];
}

function itemCountLabel(count: number): string {
  return count === 1 ? t("wishlists.item_count_one") : t("wishlists.item_count", { count });
}

function RenameForm({ list, problem }: { list: WishlistSummary; problem?: string }) {
  const inputId = `rename-${list.id}`;
  return (
    <Form method="post" action="/favorites" className="flex flex-col gap-1.5">
      <input type="hidden" name={INTENT_FIELD} value={FAVORITES_INTENTS.rename} />
      <input type="hidden" name="wishlistId" value={list.id} />
      <label htmlFor={inputId} className={labelClass}>
        {t("wishlists.new_name_for", { name: list.name })}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          name="name"
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={list.name}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          className={`${inputClass} min-w-0 flex-1 basis-48`}
        />
        <Button type="submit">{t("wishlists.save_name")}</Button>
        <Link to="/favorites" preventScrollReset className={buttonClass({ variant: "secondary" })}>
          {t("wishlists.cancel")}
        </Link>
      </div>
      {problem ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </Form>
  );
}

/** The delete confirmation as part of the page (`?delete=<id>`), for browsers without JavaScript. */
function InlineDeleteConfirmation({ list }: { list: WishlistSummary }) {
  const headingId = `delete-${list.id}-title`;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-control border border-danger/40 bg-danger-soft p-4">
      <h3 id={headingId} className="font-serif text-lg font-semibold">
        {t("wishlists.list.delete_confirm_title")}
      </h3>
      <p className="mt-1">{t("wishlists.list.delete_confirm_message")}</p>
      <Form method="post" action="/favorites" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name={INTENT_FIELD} value={FAVORITES_INTENTS.delete} />
        <input type="hidden" name="wishlistId" value={list.id} />
        <Link to="/favorites" className={buttonClass({ variant: "secondary" })}>
          {t("wishlists.cancel")}
        </Link>
        <Button type="submit">{t("wishlists.list.delete_confirm_button")}</Button>
      </Form>
    </section>
  );
}

export default function Favorites({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, renamingId, confirmingDeleteId } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  // The list waiting for the shopper's answer in the confirm dialog; a reject forgets it.
  const [pendingDeleteId, setPendingDeleteId] = useState<number | null>(null);
  const pendingDelete = lists.find((list) => list.id === pendingDeleteId);
  // A form this page does not know answers errors alone (unknown_intent), which no form here shows.
  const refused = actionData && "problem" in actionData ? actionData : undefined;
  const createProblem = refused?.intent === FAVORITES_INTENTS.create ? refused.problem.message : undefined;
  const renameProblemFor = (id: number) =>
    refused?.intent === FAVORITES_INTENTS.rename && refused.wishlistId === id ? refused.problem.message : undefined;
  const renaming = refused?.intent === FAVORITES_INTENTS.rename && refused.wishlistId ? refused.wishlistId : renamingId;

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={[{ label: t("wishlists.home"), href: "/" }, { label: t("wishlists.title") }]} />
      <h1 className="mt-4 text-display">{t("wishlists.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-ink-muted">{t("wishlists.intro")}</p>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="favourite-lists">
          <h2 id="favourite-lists" className="text-title">
            {t("wishlists.your_lists")}
          </h2>
          {lists.length === 0 ? (
            <p className="mt-4 text-ink-muted">{t("wishlists.no_lists")}</p>
          ) : (
            <ul className="mt-4 flex flex-col gap-3">
              {lists.map((list) => (
                <li key={list.id} className="rounded-card border border-line bg-surface p-4 sm:p-5">
                  {renaming === list.id ? (
                    <RenameForm list={list} problem={renameProblemFor(list.id)} />
                  ) : (
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
                      <div className="min-w-0 flex-1">
                        <Link
                          to={`/favorites/${list.id}`}
                          className="font-serif text-lg font-semibold break-words underline-offset-3 hover:underline"
                        >
                          {list.name}
                        </Link>
                        <p className="text-sm text-ink-muted">{itemCountLabel(list.itemCount)}</p>
                      </div>
                      <div className="flex gap-2">
                        <Link
                          to={`/favorites?rename=${list.id}`}
                          preventScrollReset
                          className={buttonClass({ variant: "secondary", size: "sm" })}
                        >
                          {t("wishlists.rename")}
                          <span className="sr-only">{t("wishlists.list_name", { name: list.name })}</span>
                        </Link>
                        {hydrated ? (
                          <Button type="button" variant="secondary" size="sm" onClick={() => setPendingDeleteId(list.id)}>
                            {t("wishlists.delete")}
                            <span className="sr-only">{t("wishlists.list_name", { name: list.name })}</span>
                          </Button>
                        ) : (
                          <Link to={`/favorites?delete=${list.id}`} className={buttonClass({ variant: "secondary", size: "sm" })}>
                            {t("wishlists.delete")}
                            <span className="sr-only">{t("wishlists.list_name", { name: list.name })}</span>
                          </Link>
                        )}
                      </div>
                    </div>
                  )}
                  {confirmingDeleteId === list.id ? <InlineDeleteConfirmation list={list} /> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="new-list" className="self-start rounded-card border border-line bg-sunk p-4 sm:p-5">
          <h2 id="new-list" className="font-serif text-xl font-semibold">
            {t("wishlists.start_list")}
          </h2>
          <Form method="post" action="/favorites" className="mt-3" key={lists.length}>
            <NewListFields error={createProblem} disabled={navigation.state === "submitting"} />
          </Form>
        </section>
      </div>

      <ConfirmDialog
        isOpen={pendingDelete !== undefined}
        title={t("wishlists.list.delete_confirm_title")}
        message={t("wishlists.list.delete_confirm_message")}
        icon="warning"
        acceptLabel={t("wishlists.list.delete_confirm_button")}
        onReject={() => setPendingDeleteId(null)}
        onAccept={() => {
          if (pendingDelete)
            void submit(
              { [INTENT_FIELD]: FAVORITES_INTENTS.delete, wishlistId: pendingDelete.id },
              { method: "post", action: "/favorites" },
            );
          setPendingDeleteId(null);
        }}
      />
    </Container>
  );
}
