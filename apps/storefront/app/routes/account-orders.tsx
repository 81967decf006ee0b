import type { OrderListItem } from "@quire/contracts";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Pagination } from "~/components/ui/pagination";
import { Price } from "~/components/ui/price";
import { OrderStatusBadge } from "~/features/account/order-status-badge";
import { itemCountLabel, listPageHref } from "~/features/account/account-list-page";
import { loadListPage } from "~/features/account/account-list-page.server";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { formatDate } from "~/lib/format-date";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-orders";
import { t } from "~/lib/i18n/messages/account";

export const handle: RouteHandle = { requiredAuthentication: true };

/**
 * /account/orders: the signed-in customer's orders, newest first, a page at a time (?page=N). A page that
 * is not a number, or past the last page, is a 404 like the catalogue's (page 1 of no orders is the empty
 * state).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const orders = await loadListPage(request, async (query) => (await api.call("listOrders", { query })).data);
  return { orders };
}

const ORDERS_PATH = "/account/orders";
const ordersPageHref = (page: number) => listPageHref(ORDERS_PATH, page);

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("account.orders.title"), matches) }, { name: "robots", content: "noindex" }];
}

function OrderRow({ order }: { order: OrderListItem }) {
  return (
    <li>
      <Link
        to={`/account/orders/${order.id}`}
        className="group grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-5 py-4 hover:bg-sunk sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.7fr)_minmax(0,0.8fr)_auto] sm:px-6"
      >
        <span className="min-w-0">
          <span className="sr-only">{t("account.orders.row_order")}</span>
          <span className="font-mono font-semibold text-ink group-hover:text-accent group-hover:underline">{order.publicId}</span>
          <span className="block text-sm text-ink-muted">
            <span className="sr-only">{t("account.orders.row_placed")}</span>
            <time dateTime={order.placedAt}>{formatDate(order.placedAt)}</time>
          </span>
        </span>
        <span className="justify-self-end sm:justify-self-start">
          <span className="sr-only">{t("account.orders.row_status")}</span>
          <OrderStatusBadge status={order.status} />
        </span>
        <span className="text-sm text-ink-muted sm:text-base sm:text-ink">
          <span className="sr-only">, </span>
          {itemCountLabel(order.itemCount)}
        </span>
        <span className="justify-self-end sm:justify-self-end">
          <span className="sr-only">{t("account.orders.row_total")}</span>
          <Price amount={order.grandTotal.amount} currencyCode={order.grandTotal.currencyCode} />
        </span>
        <Icon name="chevron-right" className="hidden size-5 text-ink-muted group-hover:text-accent sm:block" />
      </Link>
    </li>
  );
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-title font-semibold tracking-tight">{t("account.orders.title")}</h1>
        <p className="mt-3 text-ink-muted">
          {orders.total === 0
            ? t("account.orders.empty_intro")
            : orders.total === 1
              ? t("account.orders.intro_one")
              : t("account.orders.intro", { count: orders.total })}
        </p>
      </div>

      {orders.total === 0 ? (
        <section
          aria-labelledby="no-orders-heading"
          className="flex flex-col items-start gap-4 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
            <Icon name="book" className="size-6" />
          </span>
          <div>
            <h2 id="no-orders-heading" className="text-xl font-semibold">
              {t("account.orders.empty_title")}
            </h2>
            <p className="mt-1 text-ink-muted">{t("account.orders.empty_text")}</p>
          </div>
          <ButtonLink to="/store">{t("account.orders.browse")}</ButtonLink>
        </section>
      ) : (
        <section aria-labelledby="order-list-heading" className="grid gap-6">
          <h2 id="order-list-heading" className="sr-only">
            {t("account.orders.list_heading")}
          </h2>
          <div className="overflow-hidden rounded-card border border-line bg-surface shadow-sm">
            <div
              aria-hidden="true"
              className="hidden grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.7fr)_minmax(0,0.8fr)_1.25rem] gap-x-4 border-b border-line bg-sunk px-6 py-2.5 text-xs font-semibold tracking-wide text-ink-muted uppercase sm:grid"
            >
              <span>{t("account.orders.column_order")}</span>
              <span>{t("account.orders.column_status")}</span>
              <span>{t("account.orders.column_items")}</span>
              <span className="text-right">{t("account.orders.column_total")}</span>
              <span />
            </div>
            <ul className="divide-y divide-line">
              {orders.results.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
          </div>
          <Pagination currentPage={orders.pageNumber} totalPages={orders.totalPages} hrefForPage={ordersPageHref} />
        </section>
      )}
    </div>
  );
}
