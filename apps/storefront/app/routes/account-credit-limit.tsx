import type { CreditOrder, CustomerCreditAccount } from "@quire/contracts";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Price } from "~/components/ui/price";
import { CreditMeter } from "~/features/account/credit-meter";
import { OrderStatusBadge } from "~/features/account/order-status-badge";
import { pageTitle } from "~/features/layout/meta";
import { getCurrentCustomer } from "~/features/auth/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDate } from "~/lib/format-date";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-credit-limit";
import { t } from "~/lib/i18n/messages/account";

export const handle: RouteHandle = { requiredAuthentication: true };

/**
 * /account/credit-limit: a trade customer's credit for paying on account, per currency (limit, used,
 * available), and the open orders on account that use it. A customer who does not buy on
 * account is told so, with the way to ask for an account, rather than shown an error.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [customer, { data: credit }] = await Promise.all([getCurrentCustomer(context), context.get(apiContext).call("getCustomerCredits")]);
  return { isTrade: customer?.isTrade ?? false, credit };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("account.credit.title"), matches) }, { name: "robots", content: "noindex" }];
}

type Credit = CustomerCreditAccount["currencies"][number];

function CreditCard({ credit }: { credit: Credit }) {
  const currencyCode = credit.limit.currencyCode;
  const headingId = `credit-${currencyCode.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-5 rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex items-baseline justify-between gap-4">
        <h3 id={headingId} className="text-lg font-semibold">
          {t("account.credit.in_currency", { currency: currencyCode })}
        </h3>
        <p className="text-sm text-ink-muted">
          <span className="font-semibold text-ink">
            <Price amount={credit.available.amount} currencyCode={currencyCode} />
          </span>{" "}
          {t("account.credit.available_suffix")}
        </p>
      </div>
      <CreditMeter used={credit.used.amount} limit={credit.limit.amount} currencyCode={currencyCode} labelledBy={headingId} />
      <dl className="grid grid-cols-3 gap-4 text-sm">
        <div>
          <dt className="text-ink-muted">{t("account.credit.limit")}</dt>
          <dd className="mt-1 text-base">
            <Price amount={credit.limit.amount} currencyCode={currencyCode} />
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t("account.credit.used")}</dt>
          <dd className="mt-1 text-base">
            <Price amount={credit.used.amount} currencyCode={currencyCode} />
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t("account.credit.available")}</dt>
          <dd className="mt-1 text-base">
            <Price amount={credit.available.amount} currencyCode={currencyCode} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function OpenOrderRow({ order }: { order: CreditOrder }) {
  return (
    <li>
      <Link
        to={`/account/orders/${order.id}`}
        className="group grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-5 py-4 hover:bg-sunk sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.8fr)_auto] sm:px-6"
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
        <span className="sm:justify-self-end">
          <span className="sr-only">{t("account.credit.row_on_account")}</span>
          <Price amount={order.amount.amount} currencyCode={order.amount.currencyCode} />
        </span>
        <Icon name="chevron-right" className="hidden size-5 text-ink-muted group-hover:text-accent sm:block" />
      </Link>
    </li>
  );
}

function OpenOrders({ openOrders }: { openOrders: CustomerCreditAccount["openOrders"] }) {
  const shown = openOrders.results.length;
  return (
    <section aria-labelledby="open-orders-heading" className="grid gap-4">
      <div>
        <h2 id="open-orders-heading" className="text-xl font-semibold">
          {t("account.credit.open_orders")}
        </h2>
        <p className="mt-1 text-ink-muted">
          {openOrders.total === 0
            ? t("account.credit.open_none")
            : openOrders.total > shown
              ? t("account.credit.open_newest", { shown, total: openOrders.total })
              : openOrders.total === 1
                ? t("account.credit.open_one")
                : t("account.credit.open", { total: openOrders.total })}
        </p>
      </div>
      {shown > 0 ? (
        <div className="overflow-hidden rounded-card border border-line bg-surface shadow-sm">
          <div
            aria-hidden="true"
            className="hidden grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.8fr)_1.25rem] gap-x-4 border-b border-line bg-sunk px-6 py-2.5 text-xs font-semibold tracking-wide text-ink-muted uppercase sm:grid"
          >
            <span>{t("account.orders.column_order")}</span>
            <span>{t("account.orders.column_status")}</span>
            <span className="text-right">{t("account.credit.column_on_account")}</span>
            <span />
          </div>
          <ul className="divide-y divide-line">
            {openOrders.results.map((order) => (
              <OpenOrderRow key={order.id} order={order} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function NoCreditAccount({ isTrade }: { isTrade: boolean }) {
  return (
    <section
      aria-labelledby="no-credit-heading"
      className="flex flex-col items-start gap-4 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon name="book" className="size-6" />
      </span>
      <div>
        <h2 id="no-credit-heading" className="text-xl font-semibold">
          {isTrade ? t("account.credit.none_trade_title") : t("account.credit.none_title")}
        </h2>
        <p className="mt-1 max-w-prose text-ink-muted">{isTrade ? t("account.credit.none_trade_text") : t("account.credit.none_text")}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/contact-us">{isTrade ? t("account.credit.ask_limit") : t("account.credit.ask_trade")}</ButtonLink>
        <ButtonLink to="/account/orders" variant="secondary">
          {t("account.orders.title")}
        </ButtonLink>
      </div>
    </section>
  );
}

export default function AccountCreditLimit({ loaderData }: Route.ComponentProps) {
  const { isTrade, credit } = loaderData;
  const hasCredit = credit.currencies.length > 0;
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-title font-semibold tracking-tight">{t("account.credit.title")}</h1>
        <p className="mt-3 text-ink-muted">{hasCredit ? t("account.credit.intro") : t("account.credit.intro_none")}</p>
      </div>
      {hasCredit ? (
        <>
          <section aria-labelledby="credit-heading" className="grid gap-4">
            <h2 id="credit-heading" className="sr-only">
              {t("account.credit.your_credit")}
            </h2>
            <div className="grid gap-4 xl:grid-cols-2">
              {credit.currencies.map((entry) => (
                <CreditCard key={entry.limit.currencyCode} credit={entry} />
              ))}
            </div>
          </section>
          <OpenOrders openOrders={credit.openOrders} />
        </>
      ) : (
        <NoCreditAccount isTrade={isTrade} />
      )}
    </div>
  );
}
