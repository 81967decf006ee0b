import { REFUND_REASONS, REFUND_STATUSES } from "@quire/contracts/constants";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/refunds";
import { Pager, pageNumberOf } from "~/components/pager";
import { Button, ErrorSummary, PageHeader, StatusBadge, FilterSelect } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime, providerName, showMoney, words } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Refunds · Quire back office" }];

/**
 * Money given back, newest first, by status and reason. An `owed` refund is a bank transfer the shop must send back
 * by hand: once sent, the shop marks it paid back here. A `failed` one shows its gateway's reason, and may be tried
 * again (the card closed then reopened, the gateway's account put right).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = REFUND_STATUSES.find((known) => known === url.searchParams.get("status"));
  const reason = REFUND_REASONS.find((known) => known === url.searchParams.get("reason"));
  const { data } = await pageRead(
    request,
    context.get(apiContext).call("listAdminRefunds", { query: { status, reason, PageNumber: pageNumberOf(url), PageSize: 50 } }),
  );
  return { refunds: data, status: status ?? "", reason: reason ?? "", search: url.search };
}

const RefundIdSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
// `retries` as the page showed it: a second click, or the form sent again, is not a second try.
const RetrySchema = RefundIdSchema.extend({ retries: z.coerce.number().int().min(0).max(2_147_483_647) });

/** What a retried refund came to, said to the merchant. */
const RETRIED: Record<string, string> = {
  succeeded: "was made this time",
  pending: "is waiting for the gateway's answer; it is asked again shortly",
  failed: "failed again: see the reason beside it",
  owed: "is owed: send it back by bank transfer",
};

/**
 * An owed refund (a bank transfer's) marked paid back, or a failed one tried again: the gateway is asked once more,
 * as a new request, and the message says how it went.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = context.get(apiContext);
  const back = `/refunds${new URL(request.url).search}`;
  const intent = form.get("intent");
  if (intent === "retry") {
    return handleForm(form, RetrySchema, async ({ id, retries }) => {
      const { data } = await api.call("retryAdminRefund", { params: { id }, body: { retries } });
      return redirectWithMessage(request, back, `The refund on order ${data.orderPublicId} ${RETRIED[data.status] ?? data.status}.`);
    });
  }
  if (intent !== "paid-back") throw new Response("Unknown action", { status: 400 });
  return handleForm(form, RefundIdSchema, async ({ id }) => {
    const { data } = await api.call("markRefundPaidBack", { params: { id } });
    return redirectWithMessage(request, back, `Refund on order ${data.orderPublicId} marked as paid back.`);
  });
}

export default function Refunds() {
  const { refunds, status, reason, search } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Refunds" />
      <ErrorSummary errors={refusal?.errors} />
      <Form method="get" aria-label="Filter refunds" className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect name="status" label="Status" values={REFUND_STATUSES} defaultValue={status} />
        <FilterSelect name="reason" label="Reason" values={REFUND_REASONS} defaultValue={reason} />
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      {refunds.results.length === 0 ? (
        <p>No refunds match these filters.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Refunds, newest first</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Made
                </th>
                <th scope="col" className="px-3 py-2">
                  Reason
                </th>
                <th scope="col" className="px-3 py-2">
                  Paid with
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {refunds.results.map((refund) => (
                <tr key={refund.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/orders/${refund.orderId}`}>{refund.orderPublicId}</Link>
                  </th>
                  <td className="px-3 py-2">{formatDateTime(refund.createdAt)}</td>
                  <td className="px-3 py-2">
                    {words(refund.reason)}
                    {refund.note ? <span className="block text-zinc-600">{refund.note}</span> : null}
                  </td>
                  <td className="px-3 py-2">{providerName(refund.paymentProviderId)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={refund.status} />
                    {refund.failureReason ? <span className="block text-red-800">{refund.failureReason}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-right">{showMoney(refund.amount)}</td>
                  <td className="px-3 py-2">
                    {refund.status === "owed" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={refund.id} />
                        <Button kind="secondary" name="intent" value="paid-back">
                          Mark paid back
                        </Button>
                      </Form>
                    ) : refund.status === "failed" ? (
                      <Form method="post" aria-label={`Try the refund on order ${refund.orderPublicId} again`}>
                        <input type="hidden" name="id" value={refund.id} />
                        <input type="hidden" name="retries" value={refund.retries} />
                        <Button kind="secondary" name="intent" value="retry">
                          Try again
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager search={search} pageNumber={refunds.pageNumber} totalPages={refunds.totalPages} label="Pages of refunds" />
    </>
  );
}
