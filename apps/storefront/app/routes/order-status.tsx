import { OrderLinkTokenSchema, type OrderStatus } from "@quire/contracts";
import { data } from "react-router";
import { z } from "zod";
import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { PlacedOrder } from "~/features/checkout/placed-order";
import { pageTitle } from "~/features/layout/meta";
import { FIND_MY_ORDER_PATH, orderLinkProformaPath } from "~/features/order-link/order-link-paths";
import { readOrderByLink } from "~/features/order-link/order-link.server";
import { EMAILED_SECRET_HEADERS } from "~/lib/token-paths.server";
import { WithdrawFromOrderForm } from "~/features/withdrawal/withdraw-from-order";
import { buyerMayWithdraw } from "~/features/withdrawal/withdrawal-paths";
import { createApiClient } from "~/lib/api.server";
import { callerContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/order-status";
import { t } from "~/lib/i18n/messages/order-link";
import { textAround } from "~/lib/i18n/translator";

const ParamsSchema = z.object({ token: OrderLinkTokenSchema });

/** Where the order is, in the guest's words. */
const STATUS_WORDS: Record<OrderStatus, string> = {
  awaiting_payment: t("order_link.status.awaiting_payment"),
  confirmed: t("order_link.status.confirmed"),
  shipped: t("order_link.status.shipped"),
  delivered: t("order_link.status.delivered"),
  cancelled: t("order_link.status.cancelled"),
};

/**
 * /order-status/:token: the order an emailed order link opens (decision 041), in any browser, signed in or not:
 * the token alone is the key, and the API checks it. A link that does not work says whether it expired, and
 * offers a new one. The page is never cached and sends no Referer, so its URL stays with its reader.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const link = await readOrderByLink(createApiClient(context.get(callerContext)), token);
  if (!link.ok) {
    return data(
      { link, token: null, proformaHref: null },
      { status: link.problem === "expired" ? 410 : 404, headers: EMAILED_SECRET_HEADERS },
    );
  }
  return data({ link, token, proformaHref: orderLinkProformaPath(token) }, { headers: EMAILED_SECRET_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.link.ok ? t("order_link.title", { number: loaderData.link.order.publicId }) : t("order_link.invalid");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export default function OrderStatusPage({ loaderData }: Route.ComponentProps) {
  const { link, token, proformaHref } = loaderData;
  if (!link.ok) {
    const expired = link.problem === "expired";
    return (
      <Container className="py-10 sm:py-16">
        <div className="mx-auto max-w-xl rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-title font-semibold tracking-tight">{expired ? t("order_link.expired") : t("order_link.invalid")}</h1>
          <p className="mt-4 text-ink">{expired ? t("order_link.expired_text") : t("order_link.invalid_text")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to={FIND_MY_ORDER_PATH}>{t("order_link.ask_again")}</ButtonLink>
            <ButtonLink to="/store" variant="secondary">
              {t("order_link.continue")}
            </ButtonLink>
          </div>
        </div>
      </Container>
    );
  }
  const { order } = link;
  const heading = textAround(t("order_link.heading"), "number");
  return (
    <Container className="py-8 sm:py-12">
      <div className="grid gap-2">
        <h1 className="text-title">
          {heading[0]}
          <span className="font-mono">{order.publicId}</span>
          {heading[1]}
        </h1>
        <p className="text-ink-muted">{t("order_link.placed", { email: order.email })}</p>
        <p className="text-sm text-ink-muted">{t("order_link.private")}</p>
      </div>
      {/* Where the order is, and the carrier's reference once it has shipped. */}
      <dl className="mt-6 flex flex-wrap gap-x-10 gap-y-3">
        <div>
          <dt className="text-sm text-ink-muted">{t("order_link.status")}</dt>
          <dd className="font-semibold">{STATUS_WORDS[order.status]}</dd>
        </div>
        {order.trackingReference ? (
          <div>
            <dt className="text-sm text-ink-muted">{t("order_link.tracking")}</dt>
            <dd className="font-mono break-all">{order.trackingReference}</dd>
          </div>
        ) : null}
      </dl>
      {token && buyerMayWithdraw(order.status) ? (
        <div className="mt-6">
          <WithdrawFromOrderForm token={token} />
        </div>
      ) : null}
      <div className="mt-8">
        <PlacedOrder order={order} provider={order.latestPayment?.paymentProviderId ?? null} proformaHref={proformaHref ?? undefined} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/store">{t("order_link.continue")}</ButtonLink>
      </div>
    </Container>
  );
}
