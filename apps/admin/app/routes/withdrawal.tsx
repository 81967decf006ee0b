import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/withdrawal";
import { Button, Card, ErrorSummary, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDate, formatDateTime, showMoney, words } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Withdrawal ${data?.item.publicId ?? ""} · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: item } = await pageRead(
    request,
    context.get(apiContext).call("getAdminWithdrawal", { params: { id: idParamOf(params.id) } }),
  );
  return { item };
}

/** Recording that the goods are back, and refunding through the order's payment (once, however often it is pressed). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const form = await request.formData();
  const here = `/withdrawals/${id}`;
  switch (form.get("intent")) {
    case "receive":
      return handleForm(form, z.object({}), async () => {
        const { data } = await api.call("receiveWithdrawal", { params: { id } });
        return redirectWithMessage(request, here, `Withdrawal ${data.publicId}: the items are back.`);
      });
    case "refund":
      return handleForm(form, z.object({}), async () => {
        const { data } = await api.call("refundWithdrawal", { params: { id } });
        return redirectWithMessage(request, here, `Withdrawal ${data.publicId}: ${words(data.status)}.`);
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function WithdrawalPage() {
  const { item } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const open = item.status === "declared" || item.status === "received";
  return (
    <>
      <PageHeader title={`Withdrawal ${item.publicId}`}>
        <StatusBadge status={item.status} />
      </PageHeader>
      <ErrorSummary errors={refusal?.errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <Card title="What the buyer withdrew from">
            <p className="mb-2 text-sm">
              From order <Link to={`/orders/${item.orderId}`}>{item.orderNumber}</Link> · {item.email} · received{" "}
              {formatDateTime(item.declaredAt)}
              {item.wholeOrder ? " · the whole order" : null}
            </p>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-zinc-200">
                  <th scope="col" className="py-2">
                    Item
                  </th>
                  <th scope="col" className="py-2">
                    SKU
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Quantity
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Refund
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.lines.map((line) => (
                  <tr key={line.orderLineId} className="border-b border-zinc-100">
                    <td className="py-2">
                      {line.productName}
                      {line.variantName ? <span className="block text-zinc-600">{line.variantName}</span> : null}
                    </td>
                    <td className="py-2">{line.sku}</td>
                    <td className="py-2 text-right">{line.quantity}</td>
                    <td className="py-2 text-right">{showMoney(line.amount)}</td>
                  </tr>
                ))}
                {item.delivery.amount > 0 ? (
                  <tr className="border-b border-zinc-100">
                    <td className="py-2" colSpan={3}>
                      Delivery
                    </td>
                    <td className="py-2 text-right">{showMoney(item.delivery)}</td>
                  </tr>
                ) : null}
                <tr>
                  <th scope="row" className="py-2" colSpan={3}>
                    To refund
                  </th>
                  <td className="py-2 text-right font-semibold">{showMoney(item.amount)}</td>
                </tr>
              </tbody>
            </table>
          </Card>
          <Card title="Timeline">
            <ol className="flex flex-col gap-1 text-sm">
              {item.history.map((change, index) => (
                <li key={index}>
                  {change.from ? `${words(change.from)} → ` : ""}
                  {words(change.to)} · {formatDateTime(change.at)}
                </li>
              ))}
            </ol>
            {item.refund ? (
              <p className="mt-2 text-sm">
                Refund of {showMoney(item.refund.amount)}: {words(item.refund.status)}
                {item.refund.status === "failed" ? (
                  <>
                    {" "}
                    (<Link to="/refunds">try it again from Refunds</Link>)
                  </>
                ) : null}
                {item.refund.status === "owed" ? (
                  <>
                    {" "}
                    (pay it back by bank transfer, then mark it paid back on <Link to="/refunds">Refunds</Link>)
                  </>
                ) : null}
              </p>
            ) : null}
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card title="Refund deadline">
            <p className="text-sm">
              Refund by <strong>{formatDate(item.refundDueBy)}</strong>
              {item.overdue ? <strong className="block text-red-800">Overdue</strong> : null}
            </p>
          </Card>
          {item.status === "declared" ? (
            <Card title="Items back">
              <Form method="post">
                <Button name="intent" value="receive">
                  Mark the items as back
                </Button>
              </Form>
            </Card>
          ) : null}
          {open ? (
            <Card title="Refund">
              <Form method="post">
                <p className="mb-2 text-sm">Refunds {showMoney(item.amount)} to the order's payment, once.</p>
                <Button name="intent" value="refund">
                  Refund {showMoney(item.amount)}
                </Button>
              </Form>
            </Card>
          ) : null}
        </div>
      </div>
    </>
  );
}
