import { orderEvent, pageEcommerceEvents } from "~/features/analytics/ecommerce.server";
import { IdParamSchema } from "@quire/contracts";
import { z } from "zod";
import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { getOrder, orderAnonymousId } from "~/features/checkout/checkout.server";
import { readLastOrder } from "~/features/checkout/last-order.server";
import { PlacedOrder } from "~/features/checkout/placed-order";
import { pageTitle } from "~/features/layout/meta";
import { requireApiFound, requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/successful-order-detail";
import { t } from "~/lib/i18n/messages/checkout-page";
import { textAround } from "~/lib/i18n/translator";

const ParamsSchema = z.object({ id: IdParamSchema });

/**
 * /successful-order/:id: the order just placed, for its buyer only: a signed-in customer's own, or a guest's
 * by the anonymousId of the basket it came from (the API checks). Anyone else, and an unknown id, gets the
 * not-found page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = requireValidParams(ParamsSchema, params, request);
  const lastOrder = await readLastOrder(request);
  const order = await requireApiFound(getOrder(context, id, orderAnonymousId(context, id, lastOrder)), request);
  // The purchase event (sent with an empty coupon), unless the order was cancelled before the shopper got here.
  const analytics =
    order.status === "cancelled" ? null : await pageEcommerceEvents(context, [orderEvent("purchase", order, { coupon: "" })]);
  return { order, provider: order.latestPayment?.paymentProviderId ?? null, analytics };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? t("checkout.done.title", { id: loaderData.order.publicId }) : t("checkout.done.your_order");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }];
}

export default function SuccessfulOrderPage({ loaderData }: Route.ComponentProps) {
  const { order, provider } = loaderData;
  const cancelled = order.status === "cancelled";
  const paid = order.status !== "awaiting_payment" && !cancelled;
  const orderNumber = textAround(t("checkout.done.number"), "number");
  return (
    <Container className="py-8 sm:py-12">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
        {cancelled ? null : (
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-success text-accent-ink">
            <Icon name="check" className="size-7" />
          </span>
        )}
        <div className="grid gap-2">
          <h1 className="text-title">{cancelled ? t("checkout.done.cancelled") : t("checkout.done.thanks")}</h1>
          <p className="text-lg">
            {orderNumber[0]}
            <strong className="font-mono">{order.publicId}</strong>
            {orderNumber[1]}
          </p>
          {cancelled ? null : (
            <p className="text-ink-muted">
              {paid ? t("checkout.done.confirmation", { email: order.email }) : t("checkout.done.will_email", { email: order.email })}
            </p>
          )}
        </div>
      </div>
      <div className="mt-8">
        <PlacedOrder order={order} provider={provider} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/store">{t("checkout.done.continue")}</ButtonLink>
      </div>
    </Container>
  );
}
