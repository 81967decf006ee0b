import { fromDecimalAmount } from "@quire/money";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/customer";
import { AddressList } from "~/components/address-list";
import { Button, Card, ErrorSummary, Field, PageHeader, SelectField, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { storeCurrencies } from "~/lib/discounts-store.server";
import { formatDateTime, showMoney } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.customer.name || data?.customer.email || "Customer"} · Quire back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const { data: customer } = await pageRead(request, api.call("getAdminCustomer", { params: { id: idParamOf(params.id) } }));
  return { customer, currencies: customer.isTrade ? await pageRead(request, storeCurrencies(api)) : [] };
}

const CreditForm = z.object({
  currencyCode: z.string().regex(/^[A-Z]{3}$/, "Choose a currency"),
  limitAmount: z
    .string()
    .trim()
    .transform((text, context) => {
      const amount = fromDecimalAmount(text);
      if (amount === null) {
        context.addIssue({ code: "custom", message: "Enter an amount, such as 500.00 (0 for no credit)" });
        return z.NEVER;
      }
      return amount;
    }),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const form = await request.formData();
  const here = `/customers/${id}`;
  switch (form.get("intent")) {
    case "block":
    case "unblock": {
      const blocked = form.get("intent") === "block";
      return handleForm(form, z.object({}), async () => {
        const { data } = await api.call("setCustomerSignIn", { params: { id }, body: { blocked } });
        return redirectWithMessage(request, here, blocked ? `${data.email} can no longer sign in.` : `${data.email} can sign in again.`);
      });
    }
    case "credit":
      return handleForm(form, CreditForm, async (body) => {
        const { data } = await api.call("setCustomerCreditLimit", { params: { id }, body });
        return redirectWithMessage(
          request,
          here,
          `Credit limit in ${body.currencyCode} set to ${showMoney(data.limit)}: ${showMoney(data.used)} used, ${showMoney(data.available)} available.`,
        );
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function CustomerPage() {
  const { customer, currencies } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers">Back to customers</Link>
      </p>
      <PageHeader title={customer.name || customer.email}>
        {customer.isTrade ? <StatusBadge status="trade buyer" /> : null}
        <StatusBadge status={customer.blocked ? "sign-in blocked" : "active"} />
      </PageHeader>
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <Card title="Details">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">Email</dt>
              <dd>{customer.email}</dd>
              <dt className="font-medium">Phone</dt>
              <dd>{customer.phone || "-"}</dd>
              <dt className="font-medium">Company</dt>
              <dd>
                {customer.company ? (
                  <Link to={`/customers/companies/${customer.company.id}`}>{customer.company.name}</Link>
                ) : (
                  customer.companyName || "-"
                )}
              </dd>
              <dt className="font-medium">Marketing emails</dt>
              <dd>{customer.marketingOptIn ? "Yes" : "No"}</dd>
              <dt className="font-medium">Joined</dt>
              <dd>{formatDateTime(customer.createdAt)}</dd>
              {customer.blockedAt ? (
                <>
                  <dt className="font-medium">Blocked</dt>
                  <dd>{formatDateTime(customer.blockedAt)}</dd>
                </>
              ) : null}
            </dl>
          </Card>
          <Card title="Address book">
            <AddressList addresses={customer.addresses} label="Their saved addresses" empty="No addresses saved." />
            {customer.company ? (
              <p className="mt-3 text-sm">
                They also use the addresses of <Link to={`/customers/companies/${customer.company.id}`}>{customer.company.name}</Link>.
              </p>
            ) : null}
          </Card>
          <Card title="Orders">
            <p className="mb-2 text-sm">
              {customer.orderCount} {customer.orderCount === 1 ? "order" : "orders"} in all
              {customer.orderCount > 0 ? (
                <>
                  {" "}
                  · <Link to={`/orders?q=${encodeURIComponent(customer.email)}`}>See all their orders</Link>
                </>
              ) : null}
            </p>
            {customer.latestOrders.length > 0 ? (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Their latest orders</caption>
                <thead>
                  <tr className="border-b border-zinc-200">
                    <th scope="col" className="py-2">
                      Order
                    </th>
                    <th scope="col" className="py-2">
                      Placed
                    </th>
                    <th scope="col" className="py-2">
                      Status
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {customer.latestOrders.map((order) => (
                    <tr key={order.id} className="border-b border-zinc-100 last:border-0">
                      <th scope="row" className="py-2 font-medium">
                        <Link to={`/orders/${order.id}`}>{order.publicId}</Link>
                      </th>
                      <td className="py-2">{formatDateTime(order.placedAt)}</td>
                      <td className="py-2">
                        <StatusBadge status={order.status} />
                      </td>
                      <td className="py-2 text-right">{showMoney(order.grandTotal)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card title="Sign-in">
            <Form method="post">
              {customer.blocked ? (
                <>
                  <p className="mb-2 text-sm">This customer cannot sign in. Their orders stay as they are.</p>
                  <Button name="intent" value="unblock">
                    Unblock sign-in
                  </Button>
                </>
              ) : (
                <>
                  <p className="mb-2 text-sm">Blocking ends their sessions at once and stops them signing in.</p>
                  <Button kind="danger" name="intent" value="block">
                    Block sign-in
                  </Button>
                </>
              )}
            </Form>
          </Card>
          {customer.isTrade ? (
            <Card title="Credit for paying on account">
              <Form method="post" className="flex flex-col gap-3" noValidate>
                <SelectField
                  name="currencyCode"
                  label="Currency"
                  options={currencies.map((code) => ({ value: code, label: code }))}
                  defaultValue={refusal?.values.currencyCode}
                  errors={errors}
                />
                <Field
                  name="limitAmount"
                  label="Credit limit"
                  hint="0 stops paying on account in that currency."
                  inputMode="decimal"
                  required
                  defaultValue={refusal?.values.limitAmount}
                  errors={errors}
                />
                <div>
                  <Button name="intent" value="credit">
                    Set the credit limit
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
