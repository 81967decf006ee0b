import { RejectReturnBodySchema } from "@quire/contracts";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/return";
import { Button, Card, ErrorSummary, Field, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime, showMoney, words } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Return ${data?.item.publicId ?? ""} · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: item } = await pageRead(request, context.get(apiContext).call("getAdminReturn", { params: { id: idParamOf(params.id) } }));
  return { item };
}

/**
 * Receiving the parcel, approving (which settles the return as the customer asked: a refund through the refund
 * flow, store credit, or a replacement) or rejecting with a note the customer reads.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const form = await request.formData();
  const here = `/returns/${id}`;
  switch (form.get("intent")) {
    case "receive":
      return handleForm(form, z.object({}), async () => {
        const { data } = await api.call("receiveReturn", { params: { id } });
        return redirectWithMessage(request, here, `Return ${data.publicId} marked as received.`);
      });
    case "approve":
      return handleForm(form, z.object({}), async () => {
        const { data } = await api.call("approveReturn", { params: { id } });
        return redirectWithMessage(request, here, `Return ${data.publicId} approved: ${words(data.status)}.`);
      });
    case "reject":
      return handleForm(form, RejectReturnBodySchema, async (body) => {
        const { data } = await api.call("rejectReturn", { params: { id }, body });
        return redirectWithMessage(request, here, `Return ${data.publicId} rejected.`);
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function ReturnPage() {
  const { item } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <>
      <PageHeader title={`Return ${item.publicId}`}>
        <StatusBadge status={item.status} />
      </PageHeader>
      <ErrorSummary errors={refusal?.errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <Card title="What comes back">
            <p className="mb-2 text-sm">
              From order <Link to={`/orders/${item.orderId}`}>{item.orderPublicId}</Link> · {item.email} · asked{" "}
              {formatDateTime(item.createdAt)}
            </p>
            <p className="mb-2 text-sm">
              Reason: {words(item.reason)}. The customer wants: {words(item.resolution)}.
            </p>
            {item.comment ? <blockquote className="mb-3 border-l-4 border-zinc-300 pl-3 text-sm">{item.comment}</blockquote> : null}
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
                    Worth
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.lines.map((line) => (
                  <tr key={line.orderLineId} className="border-b border-zinc-100 last:border-0">
                    <td className="py-2">
                      {line.productName}
                      {line.variantName ? <span className="block text-zinc-600">{line.variantName}</span> : null}
                    </td>
                    <td className="py-2">{line.sku}</td>
                    <td className="py-2 text-right">{line.quantity}</td>
                    <td className="py-2 text-right">{showMoney(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Card title="Timeline">
            <ol className="flex flex-col gap-1 text-sm">
              <li>Asked · {formatDateTime(item.createdAt)}</li>
              {item.history.map((change, index) => (
                <li key={index}>
                  {words(change.from)} → {words(change.to)} · {formatDateTime(change.at)}
                </li>
              ))}
            </ol>
            {item.merchantNote ? <p className="mt-2 text-sm">Note to the customer: {item.merchantNote}</p> : null}
            {item.refund ? (
              <p className="mt-2 text-sm">
                {item.refund.kind === "store_credit" ? "Store credit" : "Refund"} of {showMoney(item.refund.amount)}:{" "}
                {words(item.refund.status)}
              </p>
            ) : null}
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          {item.status === "requested" ? (
            <Card title="Parcel arrived">
              <Form method="post">
                <Button name="intent" value="receive">
                  Mark as received
                </Button>
              </Form>
            </Card>
          ) : null}
          {item.status === "received" ? (
            <Card title="Approve">
              <Form method="post">
                <p className="mb-2 text-sm">Settles the return as the customer asked ({words(item.resolution)}).</p>
                <Button name="intent" value="approve">
                  Approve the return
                </Button>
              </Form>
            </Card>
          ) : null}
          {item.status === "requested" || item.status === "received" ? (
            <Card title="Reject">
              <Form method="post" noValidate className="flex flex-col gap-3">
                <Field name="note" label="Why (the customer reads this)" maxLength={500} required errors={refusal?.errors} />
                <div>
                  <Button kind="danger" name="intent" value="reject">
                    Reject the return
                  </Button>
                </div>
              </Form>
            </Card>
          ) : null}
        </div>
      </div>
    </>
  );
}
