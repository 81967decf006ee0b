import { EmailedTokenSchema } from "@quire/contracts";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Button, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { confirmBackInStock, previewBackInStockConfirmation } from "~/features/back-in-stock/back-in-stock.server";
import { describeConfirmationPage } from "~/features/back-in-stock/confirmation-page";
import { toVariantBook, VariantBookSummary } from "~/features/catalog/variant-book";
import { pageTitle } from "~/features/layout/meta";
import { getVariantWithProduct } from "~/features/wishlists/wishlists.server";
import { ApiRequestError, createApiClient, type ApiClient } from "~/lib/api.server";
import { apiContext, callerContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/back-in-stock-confirm";
import { BACK_IN_STOCK_CONFIRM_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { dispatchIntent, intent, NoFieldsFormSchema } from "~/lib/form-intents.server";
import { t } from "~/lib/i18n/messages/back-in-stock-page";

const ParamsSchema = z.object({ token: EmailedTokenSchema });

/** The book a request is for, as the page shows it; null when the shopper may not see it (a hidden catalogue). */
async function getBookOrNull(api: ApiClient, variantId: number) {
  try {
    return toVariantBook(await getVariantWithProduct(api, variantId));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/**
 * /notifications/back-in-stock/confirm/:token: the page a back-in-stock confirmation email links to. It
 * only reads (a prefetch, or a mail scanner following the link, must not confirm anything): the shopper
 * confirms with the button. A malformed token is a 404; an unknown or expired one says so.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const link = await previewBackInStockConfirmation(createApiClient(context.get(callerContext)), token);
  if (!link.ok) return data({ link, book: null }, { status: link.problem === "expired" ? 410 : 404 });
  return { link, book: await getBookOrNull(context.get(apiContext), link.confirmation.productVariantId) };
}

/** Confirms (POST .../confirm), then shows the page again, which now says how things stand. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  return dispatchIntent(await request.formData(), {
    [BACK_IN_STOCK_CONFIRM_INTENTS.confirm]: intent({
      schema: NoFieldsFormSchema,
      run: async () => {
        // A link that no longer works is reported by the page the redirect lands on.
        await confirmBackInStock(createApiClient(context.get(callerContext)), token);
        return redirect(new URL(request.url).pathname, { status: 303 });
      },
    }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("back_in_stock.page.title"), matches) }, { name: "robots", content: "noindex" }];
}

export default function BackInStockConfirm({ loaderData }: Route.ComponentProps) {
  const { link, book } = loaderData;
  const { heading, message, offer } = describeConfirmationPage(link);
  const submitting = useNavigation().state === "submitting";

  return (
    <Container className="py-6 sm:py-10">
      <div className="max-w-xl rounded-card border border-line bg-surface p-5 sm:p-6">
        <h1 className="text-title">{heading}</h1>

        {book ? <VariantBookSummary book={book} label={t("back_in_stock.page.book")} className="mt-5" /> : null}

        <p className="mt-4">{message}</p>
        {offer === "confirm" ? (
          <Form method="post" className="mt-5">
            <input type="hidden" name={INTENT_FIELD} value={BACK_IN_STOCK_CONFIRM_INTENTS.confirm} />
            <Button type="submit" disabled={submitting}>
              {submitting ? t("back_in_stock.page.confirming") : t("back_in_stock.page.confirm")}
            </Button>
          </Form>
        ) : null}
        {offer === "see-book" && book ? (
          <ButtonLink to={book.href} className="mt-5">
            {t("back_in_stock.page.see_book")} <Icon name="arrow-right" className="size-4" />
          </ButtonLink>
        ) : null}
        {offer === "browse" ? (
          <ButtonLink to="/store" variant="secondary" className="mt-5">
            {t("back_in_stock.page.continue")}
          </ButtonLink>
        ) : null}
      </div>
    </Container>
  );
}
