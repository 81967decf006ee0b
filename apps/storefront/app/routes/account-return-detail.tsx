import { IdParamSchema } from "@quire/contracts";
import { Link } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { itemCountLabel } from "~/features/account/account-list-page";
import { ReturnLines, ReturnNextStep, ReturnProgress, ReturnRefund, ReturnRequest } from "~/features/account/return-details";
import { listReturnChoices } from "~/features/account/return-forms.server";
import { ReturnStatusBadge } from "~/features/account/return-status-badge";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { formatDate } from "~/lib/format-date";
import { requireApiFound, requireValidParams } from "~/lib/not-found.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-return-detail";
import { t } from "~/lib/i18n/messages/account";

export const handle: RouteHandle = { requiredAuthentication: true };

const ParamsSchema = z.object({ id: IdParamSchema });

/**
 * /account/returns/:id: one of the customer's returns. An id that is not a number, an unknown return and
 * another customer's return all answer 404 'Page Not Found: {path}' (the API does not tell the last two apart).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = requireValidParams(ParamsSchema, params, request);
  const api = context.get(apiContext);
  const [{ data: detail }, choices] = await Promise.all([
    requireApiFound(api.call("getReturn", { params: { id } }), request),
    listReturnChoices(api),
  ]);
  return { detail, choices };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData
    ? t("account.return_detail.title", { id: loaderData.detail.publicId })
    : t("account.return_detail.fallback_title");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }];
}

export default function AccountReturnDetail({ loaderData }: Route.ComponentProps) {
  const { detail, choices } = loaderData;
  return (
    <div className="grid gap-8">
      <div>
        <Breadcrumbs
          items={[
            { label: t("account.returns.title"), href: "/account/returns" },
            { label: t("account.return_detail.title", { id: detail.publicId }) },
          ]}
        />
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-title font-semibold tracking-tight">
            {t("account.return_detail.heading")} <span className="font-mono">{detail.publicId}</span>
          </h1>
          <ReturnStatusBadge status={detail.status} />
        </div>
        <p className="mt-3 text-ink-muted">
          {t("account.return_detail.asked_for")} <time dateTime={detail.createdAt}>{formatDate(detail.createdAt)}</time>{" "}
          <span aria-hidden="true">·</span> {itemCountLabel(detail.itemCount)} <span aria-hidden="true">·</span>{" "}
          {t("account.return_detail.from_order")}{" "}
          <Link
            to={`/account/orders/${detail.orderId}`}
            className="font-mono text-ink underline decoration-line-strong underline-offset-2 hover:text-accent"
          >
            {detail.orderPublicId}
          </Link>
        </p>
      </div>

      <ReturnNextStep detail={detail} />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(17rem,2fr)] xl:items-start">
        <div className="grid gap-6">
          <ReturnLines detail={detail} />
          <ReturnProgress detail={detail} />
        </div>
        <div className="grid gap-6">
          <ReturnRequest detail={detail} choices={choices} />
          {detail.refund ? <ReturnRefund refund={detail.refund} /> : null}
        </div>
      </div>
    </div>
  );
}
