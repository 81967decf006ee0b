import type { ReturnSummary } from "@quire/contracts";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Pagination } from "~/components/ui/pagination";
import { Price } from "~/components/ui/price";
import { itemCountLabel, listPageHref } from "~/features/account/account-list-page";
import { loadListPage } from "~/features/account/account-list-page.server";
import { listReturnChoices } from "~/features/account/return-forms.server";
import { ReturnStatusBadge } from "~/features/account/return-status-badge";
import { choiceLabel } from "~/features/account/return-status";
import type { ReturnChoices } from "~/features/account/return-form";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { formatDate } from "~/lib/format-date";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-returns";
import { t } from "~/lib/i18n/messages/account";

export const handle: RouteHandle = { requiredAuthentication: true };

const RETURNS_PATH = "/account/returns";
const returnsPageHref = (page: number) => listPageHref(RETURNS_PATH, page);

/**
 * /account/returns: the signed-in customer's returns, newest first, a page at a time (?page=N) as their
 * orders are; a page that is not a number, or past the last page, is a 404. Resolutions are worded by the API.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [returns, { resolutions }] = await Promise.all([
    loadListPage(request, async (query) => (await api.call("listReturns", { query })).data),
    listReturnChoices(api),
  ]);
  return { returns, resolutions };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("account.returns.title"), matches) }, { name: "robots", content: "noindex" }];
}

const COLUMNS = "sm:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.6fr)_minmax(0,0.8fr)]";

function ReturnRow({ summary, resolutions }: { summary: ReturnSummary; resolutions: ReturnChoices["resolutions"] }) {
  return (
    <li className={`relative grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-5 py-4 hover:bg-sunk sm:px-6 ${COLUMNS}`}>
      <span className="min-w-0">
        {/* The row's link covers the row (its ::after); the order's link sits above it. */}
        <Link
          to={`${RETURNS_PATH}/${summary.id}`}
          className="font-mono font-semibold text-ink after:absolute after:inset-0 hover:text-accent hover:underline"
        >
          <span className="sr-only">{t("account.returns.row_return")}</span>
          {summary.publicId}
        </Link>
        <span className="block text-sm text-ink-muted">
          <span className="sr-only">{t("account.returns.row_asked_for")}</span>
          <time dateTime={summary.createdAt}>{formatDate(summary.createdAt)}</time>
        </span>
      </span>
      <span className="justify-self-end sm:justify-self-start">
        <span className="sr-only">{t("account.returns.row_status")}</span>
        <ReturnStatusBadge status={summary.status} />
      </span>
      <span className="text-sm">
        <span className="text-ink-muted">{t("account.returns.row_order")}</span>
        <Link
          to={`/account/orders/${summary.orderId}`}
          className="relative font-mono text-ink underline decoration-line-strong underline-offset-2 hover:text-accent"
        >
          {summary.orderPublicId}
        </Link>
      </span>
      <span className="justify-self-end text-sm sm:justify-self-start sm:text-base">
        <span className="sr-only">{t("account.returns.row_resolution")}</span>
        {choiceLabel(resolutions, summary.resolution)}
      </span>
      <span className="text-sm text-ink-muted sm:text-base sm:text-ink">
        {itemCountLabel(summary.itemCount)}
        <span className="sr-only">{t("account.returns.row_worth")}</span>
        <span className="sm:hidden"> · </span>
        <Price amount={summary.amount.amount} currencyCode={summary.amount.currencyCode} className="sm:hidden" />
      </span>
      <span className="hidden justify-self-end sm:block">
        <Price amount={summary.amount.amount} currencyCode={summary.amount.currencyCode} />
      </span>
    </li>
  );
}

export default function AccountReturns({ loaderData }: Route.ComponentProps) {
  const { returns, resolutions } = loaderData;
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-title font-semibold tracking-tight">{t("account.returns.title")}</h1>
        <p className="mt-3 text-ink-muted">
          {returns.total === 0
            ? t("account.returns.empty_intro")
            : returns.total === 1
              ? t("account.returns.intro_one")
              : t("account.returns.intro", { count: returns.total })}
        </p>
      </div>

      {returns.total === 0 ? (
        <section
          aria-labelledby="no-returns-heading"
          className="flex flex-col items-start gap-4 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
            <Icon name="book" className="size-6" />
          </span>
          <div>
            <h2 id="no-returns-heading" className="text-xl font-semibold">
              {t("account.returns.empty_title")}
            </h2>
            <p className="mt-1 text-ink-muted">{t("account.returns.empty_text")}</p>
          </div>
          <ButtonLink to="/account/orders">{t("account.returns.see_orders")}</ButtonLink>
        </section>
      ) : (
        <section aria-labelledby="return-list-heading" className="grid gap-6">
          <h2 id="return-list-heading" className="sr-only">
            {t("account.returns.list_heading")}
          </h2>
          <div className="overflow-hidden rounded-card border border-line bg-surface shadow-sm">
            <div
              aria-hidden="true"
              className={`hidden gap-x-4 border-b border-line bg-sunk px-6 py-2.5 text-xs font-semibold tracking-wide text-ink-muted uppercase sm:grid ${COLUMNS}`}
            >
              <span>{t("account.returns.column_return")}</span>
              <span>{t("account.returns.column_status")}</span>
              <span>{t("account.returns.column_order")}</span>
              <span>{t("account.returns.column_resolution")}</span>
              <span>{t("account.returns.column_items")}</span>
              <span className="text-right">{t("account.returns.column_amount")}</span>
            </div>
            <ul className="divide-y divide-line">
              {returns.results.map((summary) => (
                <ReturnRow key={summary.id} summary={summary} resolutions={resolutions} />
              ))}
            </ul>
          </div>
          <Pagination currentPage={returns.pageNumber} totalPages={returns.totalPages} hrefForPage={returnsPageHref} />
        </section>
      )}
    </div>
  );
}
