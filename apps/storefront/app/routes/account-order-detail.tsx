import { isTracked, orderEvent, trackEcommerceEvent } from "~/features/analytics/ecommerce.server";
import { REFUND_SHIPPING_AND_TAX } from "~/features/analytics/ecommerce";
import { IdParamSchema, type Order } from "@quire/contracts";
import { useState } from "react";
import { Form, Link, useNavigation, useSubmit, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { OrderDelivery, OrderItems, OrderPayment, OrderTimeline } from "~/features/account/order-details";
import { customerMayCancel, hasProformaInvoice } from "~/features/account/order-status";
import { OrderStatusBadge } from "~/features/account/order-status-badge";
import { ReorderFormSchema } from "~/features/account/order-forms.server";
import { reorderToastOf } from "~/features/account/reorder-toast";
import { ReturnItems } from "~/features/account/return-items";
import { loadReturnForm, returnItemsIntent } from "~/features/account/return-forms.server";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { WithdrawFromOrderLink } from "~/features/withdrawal/withdraw-from-order";
import { buyerMayWithdraw } from "~/features/withdrawal/withdrawal-paths";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { proformaInvoicePath } from "~/features/checkout/checkout-forms";
import { pageTitle } from "~/features/layout/meta";
import { useFormIdempotencyKey } from "~/features/layout/root-data";
import { errorToastOf } from "~/lib/api-failure.server";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formatDate } from "~/lib/format-date";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ACCOUNT_ORDER_INTENTS } from "~/lib/account-intents";
import { dispatchIntent, intent, NoFieldsFormSchema } from "~/lib/form-intents.server";
import { notFound, requireApiFound, requireValidParams } from "~/lib/not-found.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-order-detail";
import { t } from "~/lib/i18n/messages/account";
import { t as actionText } from "~/lib/i18n/messages/account-server";

export const handle: RouteHandle = { requiredAuthentication: true };

const ParamsSchema = z.object({ id: IdParamSchema });

/** `?cancel` opens the cancel confirmation as part of the page: the version that works without JavaScript. */
const CANCEL_PARAM = "cancel";

const orderPath = (id: number) => `/account/orders/${id}`;
const CART_PATH = "/cart";

/**
 * /account/orders/:id: one of the customer's orders. An id that is not a number, an unknown order and
 * another customer's order all answer 404 'Page Not Found: {path}' (the API does not tell the last two apart).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = requireValidParams(ParamsSchema, params, request);
  const { data: order } = await requireApiFound(context.get(apiContext).call("getOrder", { params: { id }, query: {} }), request);
  const confirmingCancel = new URL(request.url).searchParams.has(CANCEL_PARAM) && customerMayCancel(order.status);
  const returnForm = await loadReturnForm(context.get(apiContext), order, request);
  return { order, confirmingCancel, returnForm };
}

/**
 * Read again after every post, a refused one included (React Router skips that after a 4xx by default): a
 * refused return form must carry a new Idempotency-Key next time, since the API answers a changed form sent
 * with the old one 422 idempotency_key_reused (as checkout's "Place order" does).
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

/**
 * The add_to_cart of a reorder (analytics, tracked shoppers only): each of the order's lines with what of it went
 * into the basket, read from the order, since the answer names only the lines not added in full.
 */
async function trackReorder(
  context: Route.ActionArgs["context"],
  orderId: number,
  notAdded: { orderLineId: number; addedQuantity: number }[],
) {
  if (!isTracked(context)) return;
  const { data: order } = await context.get(apiContext).call("getOrder", { params: { id: orderId } });
  const addedOf = new Map(notAdded.map((line) => [line.orderLineId, line.addedQuantity]));
  const lines = order.items.flatMap((line) => {
    const quantity = addedOf.get(line.id) ?? line.quantity;
    return line.productVariantId !== null && quantity > 0 ? [{ variantId: line.productVariantId, quantity }] : [];
  });
  trackEcommerceEvent(context, "add_to_cart", { lines });
}

/**
 * Cancels the order (PUT /orders/:id/cancel), back on its page with a toast either way: the API's first error
 * when it refuses, for instance once the order has been paid meanwhile. Or buys it again
 * (PUT /baskets/orders/:orderId/merge, one call): on to the basket, with a toast saying how much was added.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { id } = requireValidParams(ParamsSchema, params, request);
  const api = context.get(apiContext);
  return dispatchIntent(await request.formData(), {
    [ACCOUNT_ORDER_INTENTS.cancel]: intent({
      schema: NoFieldsFormSchema,
      run: async () => {
        try {
          const { data: order } = await api.call("cancelOrder", { params: { id } });
          // A cancelled order is refunded in full; a refund event reports shipping and tax as a fixed 0.01.
          const { event, ...refund } = orderEvent("refund", order, { shipping: REFUND_SHIPPING_AND_TAX, tax: REFUND_SHIPPING_AND_TAX });
          trackEcommerceEvent(context, event, refund);
          return redirectWithToast(
            orderPath(id),
            { kind: "success", message: actionText("account.order_detail.cancelled", { id: order.publicId }) },
            { status: 303 },
          );
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
          if (error.status === 404) throw notFound(request);
          return redirectWithToast(orderPath(id), errorToastOf(error), { status: 303 });
        }
      },
    }),
    [ACCOUNT_ORDER_INTENTS.reorder]: intent({
      schema: ReorderFormSchema,
      run: async ({ idempotencyKey }) => {
        try {
          const { data } = await api.call("reorderIntoCart", { params: { orderId: id }, headers: { "idempotency-key": idempotencyKey } });
          await trackReorder(context, id, data.linesNotAdded);
          // What could not be added, and why, is shown by the basket itself: the API stores each such line as a
          // `reorder_line_not_added` cart notice (beside the line when part of it was added), which the basket
          // lists with its other notices until they have been seen, with or without JavaScript. A toast is gone in
          // seconds and holds one sentence; the shopper needs the list where they decide what to do about it.
          return redirectWithToast(CART_PATH, reorderToastOf(data), { status: 303 });
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
          if (error.status === 404) throw notFound(request);
          return redirectWithToast(orderPath(id), errorToastOf(error), { status: 303 });
        }
      },
    }),
    [ACCOUNT_ORDER_INTENTS.returnItems]: returnItemsIntent(api, id, request),
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? t("account.order_detail.title", { id: loaderData.order.publicId }) : t("account.order_detail.fallback_title");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }];
}

const CANCEL_TITLE = t("account.order_detail.cancel_title");
const cancelMessage = (order: Order) =>
  order.latestPayment?.paymentProviderId === "proforma-invoice"
    ? t("account.order_detail.cancel_message_proforma", { id: order.publicId })
    : t("account.order_detail.cancel_message", { id: order.publicId });
const CANCEL_ACCEPT = t("account.order_detail.cancel");
const CANCEL_REJECT = t("account.order_detail.keep");

/** "Buy again": puts the order's books back in the basket at today's prices (a plain form: works without JavaScript). */
function ReorderForm({ order, disabled }: { order: Order; disabled: boolean }) {
  const idempotencyKey = useFormIdempotencyKey(`reorder-${order.id}`);
  return (
    <Form method="post" action={orderPath(order.id)}>
      <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_ORDER_INTENTS.reorder} />
      {idempotencyKey ? <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} /> : null}
      <Button type="submit" disabled={disabled}>
        <Icon name="bag" className="size-5" />
        {t("account.order_detail.buy_again")}
      </Button>
    </Form>
  );
}

/** The cancel confirmation as part of the page (`?cancel`), for browsers without JavaScript. */
function InlineCancelConfirmation({ order }: { order: Order }) {
  return (
    <section aria-labelledby="cancel-order-heading" className="rounded-card border border-danger/40 bg-danger-soft p-5">
      <h2 id="cancel-order-heading" className="font-serif text-lg font-semibold">
        {CANCEL_TITLE}
      </h2>
      <p className="mt-1">{cancelMessage(order)}</p>
      <Form method="post" action={orderPath(order.id)} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_ORDER_INTENTS.cancel} />
        <Link to={orderPath(order.id)} className={buttonClass({ variant: "secondary" })}>
          {CANCEL_REJECT}
        </Link>
        <Button type="submit">{CANCEL_ACCEPT}</Button>
      </Form>
    </section>
  );
}

function itemCountLabel(order: Order): string {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return count === 1 ? t("account.item_count_one") : t("account.item_count", { count });
}

export default function AccountOrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, confirmingCancel, returnForm } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [askingToCancel, setAskingToCancel] = useState(false);
  const cancellable = customerMayCancel(order.status);
  const proforma = hasProformaInvoice(order.status, order.latestPayment);
  // A cancel or a "Buy again" on its way: both buttons wait for it.
  const posting = navigation.state !== "idle" && navigation.formAction === orderPath(order.id);
  const reorderable = order.items.length > 0;
  const withdrawable = buyerMayWithdraw(order.status);

  return (
    <div className="grid gap-8">
      <div>
        <Breadcrumbs
          items={[
            { label: t("account.orders.title"), href: "/account/orders" },
            { label: t("account.order_detail.title", { id: order.publicId }) },
          ]}
        />
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-title font-semibold tracking-tight">
            {t("account.order_detail.heading")} <span className="font-mono">{order.publicId}</span>
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mt-3 text-ink-muted">
          {t("account.order_detail.placed_on")} <time dateTime={order.placedAt}>{formatDate(order.placedAt)}</time>{" "}
          <span aria-hidden="true">·</span> {itemCountLabel(order)}
        </p>
      </div>

      {reorderable || cancellable || proforma || withdrawable ? (
        <div className="flex flex-wrap gap-3">
          {reorderable ? <ReorderForm order={order} disabled={posting} /> : null}
          {proforma ? (
            // A document, not a page: the browser downloads it (no client-side routing).
            <a href={proformaInvoicePath(order.id)} download className={buttonClass({ variant: "secondary" })}>
              <Icon name="download" className="size-5" />
              {t("account.order_detail.proforma")}
            </a>
          ) : null}
          {cancellable ? (
            hydrated ? (
              <Button type="button" variant="secondary" onClick={() => setAskingToCancel(true)} disabled={posting}>
                {CANCEL_ACCEPT}
              </Button>
            ) : (
              <Link to={`${orderPath(order.id)}?${CANCEL_PARAM}`} className={buttonClass({ variant: "secondary" })}>
                {CANCEL_ACCEPT}
              </Link>
            )
          ) : null}
          {withdrawable ? <WithdrawFromOrderLink orderId={order.id} /> : null}
        </div>
      ) : null}
      {confirmingCancel && cancellable ? <InlineCancelConfirmation order={order} /> : null}
      <ReturnItems order={order} returnForm={returnForm} />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(17rem,2fr)] xl:items-start">
        <div className="grid gap-6">
          <OrderItems order={order} />
          <OrderTimeline order={order} />
        </div>
        <div className="grid gap-6">
          <OrderDelivery order={order} />
          <OrderPayment order={order} />
        </div>
      </div>

      <ConfirmDialog
        isOpen={askingToCancel}
        title={CANCEL_TITLE}
        message={cancelMessage(order)}
        icon="warning"
        acceptLabel={CANCEL_ACCEPT}
        rejectLabel={CANCEL_REJECT}
        isPending={posting}
        onReject={() => setAskingToCancel(false)}
        onAccept={() => {
          void submit({ [INTENT_FIELD]: ACCOUNT_ORDER_INTENTS.cancel }, { method: "post", action: orderPath(order.id) });
          setAskingToCancel(false);
        }}
      />
    </div>
  );
}
