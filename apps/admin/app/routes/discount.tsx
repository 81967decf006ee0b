import { Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/discount";
import { DiscountForm, whatItGives } from "~/components/discounts-form";
import { Card, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { discountFormValues, updateDiscountForm } from "~/lib/discounts-form.server";
import { storeCurrencies } from "~/lib/discounts-store.server";
import { formatDateTime } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Discount code ${data?.code.code ?? ""} · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const { data: code } = await pageRead(request, api.call("getAdminDiscountCode", { params: { id: idParamOf(params.id) } }));
  const currencies = await pageRead(request, storeCurrencies(api));
  // A currency the code names but the shop no longer sells in still shows, so saving keeps it visible.
  for (const currency of [...Object.keys(code.amountOff), ...Object.keys(code.minimumSpend)])
    if (!currencies.includes(currency)) currencies.push(currency);
  return { code, currencies, values: discountFormValues(code, context.get(staffContext).shopTimeZone) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const form = await request.formData();
  if (form.get("intent") !== "update") throw new Response("Unknown action", { status: 400 });
  const { data: current } = await api.call("getAdminDiscountCode", { params: { id } });
  const currencies = [
    ...new Set([...(await storeCurrencies(api)), ...Object.keys(current.amountOff), ...Object.keys(current.minimumSpend)]),
  ];
  return handleForm(form, updateDiscountForm(currencies, current.kind, context.get(staffContext).shopTimeZone), async (body) => {
    const { data: code } = await api.call("updateAdminDiscountCode", { params: { id }, body });
    return redirectWithMessage(request, `/discounts/${id}`, `Discount code ${code.code} saved.`);
  });
}

export default function DiscountCodePage() {
  const { code, currencies, values } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <>
      <PageHeader title={`Discount code ${code.code}`}>
        <StatusBadge status={code.isActive ? "active" : "stopped"} />
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card title="Rules">
          <DiscountForm
            key={code.id}
            mode="update"
            kind={code.kind}
            currencies={currencies}
            values={refusal?.values ?? values}
            errors={refusal?.errors}
          />
        </Card>
        <Card title="Summary" className="self-start">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Gives</dt>
            <dd>{whatItGives(code)}</dd>
            <dt className="font-medium">Used</dt>
            <dd>
              {code.timesUsed} {code.timesUsed === 1 ? "order" : "orders"}
              {code.usageLimit !== null ? ` of ${code.usageLimit}` : ""}
            </dd>
            <dt className="font-medium">Created</dt>
            <dd>{formatDateTime(code.createdAt)}</dd>
          </dl>
          <p className="mt-3 text-sm">
            <Link to={`/discounts/${code.id}/uses`}>Orders that used {code.code}</Link>
          </p>
        </Card>
      </div>
    </>
  );
}
