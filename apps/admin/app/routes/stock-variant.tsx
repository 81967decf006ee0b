import { MerchantStockReasonSchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/stock-variant";
import { Button, Card, ErrorSummary, Field, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { MERCHANT_STOCK_REASONS, signed, STOCK_REASON_LABELS } from "~/lib/stock-reasons";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Stock of ${data?.stock.sku ?? "a variant"} · Quire back office` }];

const VariantIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

function variantIdOf(params: { id?: string }): number {
  const parsed = VariantIdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const id = variantIdOf(params);
  const url = new URL(request.url);
  const beforeText = url.searchParams.get("before");
  const before =
    beforeText && /^\d{1,10}$/.test(beforeText) && Number(beforeText) >= 1 && Number(beforeText) <= 2_147_483_647
      ? Number(beforeText)
      : undefined;
  const [{ data: stock }, { data: history }] = await pageRead(
    request,
    Promise.all([
      api.call("getAdminVariantStock", { params: { id } }),
      api.call("listStockMovements", { params: { id }, query: { limit: 25, before } }),
    ]),
  );
  return {
    stock,
    movements: history.movements,
    olderPage: history.nextBefore ? `?before=${history.nextBefore}` : null,
    newestPage: before ? `/stock/variants/${id}` : null,
    // Each adjustment form carries its own key: sent twice (a double click, a reload), the API moves the stock once.
    adjustKey: randomUUID(),
  };
}

/** A whole number typed in a field ("12", "+12", "-2"), within the API's bounds. */
function wholeNumber(message: string, min: number) {
  return z
    .string()
    .trim()
    .transform((text, context) => {
      const value = /^[+-]?\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(value) || value < min || value > 1_000_000) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });
}

const reason = MerchantStockReasonSchema;
const note = z.string().trim().max(300, "Keep the note to 300 characters").optional();

const AdjustForm = z.object({
  delta: wholeNumber("Enter the change as a whole number, such as 12 or -2", -1_000_000).refine(
    (delta) => delta !== 0,
    "A change of stock is not zero",
  ),
  reason,
  note,
  adjustKey: z.string().uuid(),
});
const SetForm = z.object({ quantity: wholeNumber("Enter the count as a whole number, 0 or more", 0), setReason: reason, setNote: note });
const ThresholdForm = z.object({
  threshold: z.union([
    z.literal("").transform(() => null),
    wholeNumber("Enter the threshold as a whole number, 0 or more, or leave it empty", 0),
  ]),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = variantIdOf(params);
  const form = await request.formData();
  const here = `/stock/variants/${id}`;
  switch (form.get("intent")) {
    case "adjust":
      return handleForm(form, AdjustForm, async ({ delta, reason, note, adjustKey }) => {
        const { data: stock } = await api.call("adjustAdminVariantStock", {
          params: { id },
          headers: { "idempotency-key": adjustKey },
          body: { delta, reason, ...(note ? { note } : {}) },
        });
        return redirectWithMessage(request, here, `Stock of ${stock.sku} changed by ${signed(delta)}: now ${stock.stockQuantity}.`);
      });
    case "set":
      return handleForm(
        form,
        SetForm,
        async ({ quantity, setReason, setNote }) => {
          const { data: stock } = await api.call("setAdminVariantStock", {
            params: { id },
            body: { quantity, reason: setReason, ...(setNote ? { note: setNote } : {}) },
          });
          return redirectWithMessage(request, here, `Stock of ${stock.sku} set to ${stock.stockQuantity}.`);
        },
        { reason: "setReason", note: "setNote" },
      );
    case "threshold":
      return handleForm(form, ThresholdForm, async ({ threshold }) => {
        const { data: stock } = await api.call("setLowStockThreshold", { params: { id }, body: { threshold } });
        return redirectWithMessage(
          request,
          here,
          threshold === null
            ? `${stock.sku} now uses the shop's low-stock setting.`
            : `Low-stock threshold of ${stock.sku} set to ${threshold}.`,
        );
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function StockVariantPage() {
  const { stock, movements, olderPage, newestPage, adjustKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values ?? {};
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/stock">Stock</Link>
      </p>
      <PageHeader title={`Stock of ${stock.sku}`} />
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <Card title="Current stock">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
              <dt className="font-medium">Product</dt>
              <dd>{stock.productName}</dd>
              <dt className="font-medium">Variant</dt>
              <dd>{stock.variantName}</dd>
              <dt className="font-medium">In stock</dt>
              <dd>
                <span className="text-lg font-semibold">{stock.stockQuantity}</span>
                {stock.low ? (
                  <span className="ml-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                    Low on stock
                  </span>
                ) : null}
              </dd>
              <dt className="font-medium">Low-stock threshold</dt>
              <dd>{stock.lowStockThreshold ?? "The shop's setting"}</dd>
            </dl>
          </Card>
          <Card title="History">
            {movements.length === 0 ? (
              <p className="text-sm">No stock has moved yet.</p>
            ) : (
              <div className="relative overflow-x-auto" tabIndex={0}>
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Stock movements of {stock.sku}, newest first</caption>
                  <thead>
                    <tr className="border-b border-zinc-200">
                      <th scope="col" className="py-2 pr-3">
                        When
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right">
                        Change
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right">
                        After
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Why
                      </th>
                      <th scope="col" className="py-2">
                        Who
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {movements.map((movement) => (
                      <tr key={movement.id} className="border-b border-zinc-100 last:border-0">
                        <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(movement.at)}</td>
                        <td className="py-2 pr-3 text-right">{signed(movement.delta)}</td>
                        <td className="py-2 pr-3 text-right">{movement.quantityAfter}</td>
                        <td className="py-2 pr-3">
                          {STOCK_REASON_LABELS[movement.reason]}
                          {movement.note ? (
                            <span className="block text-zinc-600">
                              <span className="sr-only">: </span>
                              {movement.note}
                            </span>
                          ) : null}
                        </td>
                        <td className="py-2">{movement.actor?.label ?? "A shopper's order"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <nav aria-label="Pages of stock history" className="mt-3 flex gap-4 text-sm">
              {newestPage ? <Link to={newestPage}>Newest movements</Link> : null}
              {olderPage ? <Link to={olderPage}>Older movements</Link> : null}
            </nav>
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card title="Adjust stock">
            <Form key={adjustKey} method="post" className="flex flex-col gap-3">
              <input type="hidden" name="adjustKey" value={adjustKey} />
              <Field
                name="delta"
                label="Change"
                hint="Add with a number (12), take away with a minus (-2)"
                inputMode="text"
                required
                maxLength={8}
                defaultValue={values.delta}
                errors={errors}
              />
              <SelectField name="reason" label="Reason" options={MERCHANT_STOCK_REASONS} defaultValue={values.reason} errors={errors} />
              <Field name="note" label="Note (optional)" maxLength={300} defaultValue={values.note} errors={errors} />
              <div>
                <Button name="intent" value="adjust">
                  Adjust stock
                </Button>
              </div>
            </Form>
          </Card>
          <Card title="Set stock">
            <Form key={adjustKey} method="post" className="flex flex-col gap-3">
              <Field
                name="quantity"
                label="New count"
                inputMode="numeric"
                required
                maxLength={7}
                defaultValue={values.quantity}
                errors={errors}
              />
              <SelectField
                name="setReason"
                label="Reason"
                options={MERCHANT_STOCK_REASONS}
                defaultValue={values.setReason ?? "count"}
                errors={errors}
              />
              <Field name="setNote" label="Note (optional)" maxLength={300} defaultValue={values.setNote} errors={errors} />
              <div>
                <Button name="intent" value="set" kind="secondary">
                  Set stock
                </Button>
              </div>
            </Form>
          </Card>
          <Card title="Low-stock threshold">
            <Form key={adjustKey} method="post" className="flex flex-col gap-3">
              <Field
                name="threshold"
                label="Threshold"
                hint="Low on stock at or below this count; leave empty to use the shop's setting"
                inputMode="numeric"
                maxLength={7}
                defaultValue={values.threshold ?? (stock.lowStockThreshold === null ? "" : String(stock.lowStockThreshold))}
                errors={errors}
              />
              <div>
                <Button name="intent" value="threshold" kind="secondary">
                  Save threshold
                </Button>
              </div>
            </Form>
          </Card>
        </div>
      </div>
    </>
  );
}
