import { fromDecimalAmount } from "@quire/money";
import { randomUUID } from "node:crypto";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/order";
import { Button, ButtonLink, Card, ErrorSummary, Field, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime, providerName, showMoney, words } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Order ${data?.order.publicId ?? ""} · Quire back office` }];

const OrderIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

function orderIdOf(params: { id?: string }): number {
  const parsed = OrderIdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: order } = await pageRead(request, context.get(apiContext).call("getAdminOrder", { params: { id: orderIdOf(params) } }));
  // Each refund form carries its own key: sent twice (a double click, a reload), the API refunds once. How much is
  // left to refund is the API's to say (it reads the payment under the order's lock): a refund above it is refused.
  return { order, refundKey: randomUUID() };
}

/** What each form of the page asks, told apart by its button's `intent`. */
const ShipForm = z.object({ trackingReference: z.string().trim().min(1, "Enter the carrier's tracking reference").max(100) });
const CancelForm = z.object({ reason: z.string().trim().min(1, "Say why the order is cancelled").max(200) });
const RefundForm = z.object({
  amount: z
    .string()
    .trim()
    .transform((text, context) => {
      const amount = fromDecimalAmount(text);
      if (amount === null || amount <= 0) {
        context.addIssue({ code: "custom", message: "Enter an amount above zero, such as 12.50" });
        return z.NEVER;
      }
      return amount;
    }),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
  note: z.string().trim().max(500).optional(),
  refundKey: z.string().uuid(),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = orderIdOf(params);
  const form = await request.formData();
  const here = `/orders/${id}`;
  switch (form.get("intent")) {
    case "ship":
      return handleForm(form, ShipForm, async (body) => {
        const { data: order } = await api.call("shipOrder", { params: { id }, body });
        return redirectWithMessage(request, here, `Order ${order.publicId} marked as shipped.`);
      });
    case "deliver":
      return handleForm(form, z.object({}), async () => {
        const { data: order } = await api.call("deliverOrder", { params: { id } });
        return redirectWithMessage(request, here, `Order ${order.publicId} marked as delivered.`);
      });
    case "confirm-transfer":
      return handleForm(form, z.object({}), async () => {
        const { data: order } = await api.call("confirmBankTransfer", { params: { id } });
        return redirectWithMessage(request, here, `Payment of order ${order.publicId} confirmed.`);
      });
    case "cancel":
      return handleForm(form, CancelForm, async (body) => {
        const { data: order } = await api.call("adminCancelOrder", { params: { id }, body });
        return redirectWithMessage(request, here, `Order ${order.publicId} cancelled.`);
      });
    case "refund": {
      const answer = await handleForm(form, RefundForm, async ({ amount, currencyCode, note, refundKey }) => {
        const { data: order } = await api.call("createOrderRefund", {
          params: { id },
          headers: { "idempotency-key": refundKey },
          body: { amount: { amount, currencyCode }, ...(note ? { note } : {}) },
        });
        return redirectWithMessage(
          request,
          here,
          `Refund of ${showMoney({ amount, currencyCode: order.currencyCode })} on order ${order.publicId} started.`,
        );
      });
      // A refused refund changed nothing, so the next try is a new request with a key of its own. An API that did
      // not answer (503) may have refunded: the form keeps its key, and sent again it is answered as the first was.
      if (answer instanceof Response || answer.init?.status === 503) return answer;
      return data({ ...answer.data, refundKey: randomUUID() }, answer.init ?? undefined);
    }
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

type AdminOrder = Awaited<ReturnType<typeof loader>>["order"];

/**
 * Everything that happened to the order, oldest first: its placing, each status change (who made it and why), each
 * refund (its reason, state and note) and each mail sent to the buyer (queued, or sent and when).
 */
function timelineOf(order: AdminOrder): { at: string; title: string; by?: string; detail?: string }[] {
  const events = [
    { at: order.placedAt, title: "Placed" },
    ...order.history.map((change) => ({
      at: change.at,
      title: change.from ? `${words(change.from)} → ${words(change.to)}` : words(change.to),
      by: change.actorLabel ?? change.actorType,
      detail: change.reason || undefined,
    })),
    ...order.refunds.map((refund) => ({
      at: refund.createdAt,
      title: `Refund ${showMoney(refund.amount)}: ${words(refund.reason)}, ${words(refund.status)}`,
      detail: [refund.note, refund.failureReason].filter(Boolean).join(" · ") || undefined,
    })),
    ...order.mails.map((mail) => ({
      at: mail.sentAt ?? mail.queuedAt,
      title: `Mail "${mail.subject}"`,
      detail: `${mail.sentAt ? "sent" : "waiting to be sent"} to ${mail.recipient}`,
    })),
  ];
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export default function OrderPage() {
  const { order, refundKey: drawnKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const refundKey = refusal && "refundKey" in refusal && typeof refusal.refundKey === "string" ? refusal.refundKey : drawnKey;
  const errors = refusal?.errors;
  const address = order.deliveryAddress;
  return (
    <>
      <PageHeader title={`Order ${order.publicId}`}>
        <StatusBadge status={order.status} />
        <ButtonLink href={`/orders/${order.id}/packing-slip`}>Packing slip (PDF)</ButtonLink>
      </PageHeader>
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <Card title="Items">
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
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={item.id} className="border-b border-zinc-100 last:border-0">
                    <td className="py-2">
                      {item.productName}
                      {item.variantName ? <span className="block text-zinc-600">{item.variantName}</span> : null}
                    </td>
                    <td className="py-2">{item.sku}</td>
                    <td className="py-2 text-right">{item.quantity}</td>
                    <td className="py-2 text-right">{showMoney(item.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
              <dt>Subtotal</dt>
              <dd className="text-right">{showMoney(order.subTotal)}</dd>
              {order.cartAndCodeDiscount.amount !== 0 ? (
                <>
                  <dt>Discounts {order.discountCodes.map((code) => code.code).join(", ")}</dt>
                  <dd className="text-right">-{showMoney(order.cartAndCodeDiscount)}</dd>
                </>
              ) : null}
              <dt>Delivery ({order.deliveryOption.name})</dt>
              <dd className="text-right">{showMoney(order.deliveryCharge)}</dd>
              <dt>Tax{order.taxes.included ? " (included)" : ""}</dt>
              <dd className="text-right">{showMoney(order.taxes.amount)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{showMoney(order.grandTotal)}</dd>
            </dl>
          </Card>
          <Card title="Timeline">
            <ol className="flex flex-col gap-2 text-sm">
              {timelineOf(order).map((event, index) => (
                <li key={index}>
                  <span className="font-medium">{event.title}</span> · {formatDateTime(event.at)}
                  {event.by ? ` · by ${event.by}` : ""}
                  {event.detail ? <span className="block text-zinc-600">{event.detail}</span> : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card title="Customer">
            <p className="text-sm">{order.customerName}</p>
            <p className="text-sm">{order.email}</p>
            {order.phone ? <p className="text-sm">{order.phone}</p> : null}
            {order.customerId ? (
              <p className="mt-2 text-sm">
                <a href={`/customers/${order.customerId}`}>The customer's account</a>
              </p>
            ) : (
              <p className="mt-2 text-sm text-zinc-600">Guest order</p>
            )}
          </Card>
          <Card title="Delivery address">
            <address className="text-sm not-italic">
              {address.addressLines.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Card>
          <Card title="Payment">
            <p className="text-sm">
              {order.latestPayment
                ? `${providerName(order.latestPayment.paymentProviderId)}: ${words(order.latestPayment.status)}`
                : "No payment yet"}
            </p>
            {order.trackingReference ? <p className="mt-2 text-sm">Tracking: {order.trackingReference}</p> : null}
          </Card>
          {order.status === "awaiting_payment" && order.latestPayment?.paymentProviderId === "proforma-invoice" ? (
            <Card title="Bank transfer">
              <Form method="post">
                <p className="mb-2 text-sm">When the transfer has arrived in the shop's account:</p>
                <Button name="intent" value="confirm-transfer">
                  Confirm the transfer arrived
                </Button>
              </Form>
            </Card>
          ) : null}
          {order.status === "confirmed" ? (
            <Card title="Ship">
              <Form method="post" noValidate className="flex flex-col gap-3">
                <Field name="trackingReference" label="Tracking reference" maxLength={100} required errors={errors} />
                <div>
                  <Button name="intent" value="ship">
                    Mark as shipped
                  </Button>
                </div>
              </Form>
            </Card>
          ) : null}
          {order.status === "shipped" ? (
            <Card title="Deliver">
              <Form method="post">
                <Button name="intent" value="deliver">
                  Mark as delivered
                </Button>
              </Form>
            </Card>
          ) : null}
          {["confirmed", "shipped", "delivered"].includes(order.status) ? (
            <Card title="Refund">
              {/* Drawn afresh after each refund, so its fields start empty for the next. */}
              <Form method="post" noValidate className="flex flex-col gap-3" key={order.refunds.length}>
                <input type="hidden" name="refundKey" value={refundKey} />
                <input type="hidden" name="currencyCode" value={order.currencyCode} />
                <Field
                  name="amount"
                  label={`Amount (${order.currencyCode})`}
                  hint="Up to what was paid, less what was already refunded"
                  inputMode="decimal"
                  required
                  errors={errors}
                />
                <Field name="note" label="Note for the customer's refund (optional)" maxLength={500} errors={errors} />
                <div>
                  <Button name="intent" value="refund">
                    Refund
                  </Button>
                </div>
              </Form>
            </Card>
          ) : null}
          {["awaiting_payment", "confirmed"].includes(order.status) ? (
            <Card title="Cancel">
              <Form method="post" noValidate className="flex flex-col gap-3">
                <Field name="reason" label="Reason" maxLength={200} required errors={errors} />
                <div>
                  <Button kind="danger" name="intent" value="cancel">
                    Cancel the order
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
