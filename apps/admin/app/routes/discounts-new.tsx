import { randomUUID } from "node:crypto";
import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/discounts-new";
import { DiscountForm } from "~/components/discounts-form";
import { PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { createDiscountForm } from "~/lib/discounts-form.server";
import { storeCurrencies } from "~/lib/discounts-store.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "New discount code · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // Reading the codes first answers 403 here for a role without `discounts`, before the form is shown.
  await pageRead(request, api.call("listAdminDiscountCodes", { query: { limit: 1 } }));
  // The form's own key: sent twice (a double click, a reload), the API creates the code once.
  return { currencies: await pageRead(request, storeCurrencies(api)), idempotencyKey: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  if (form.get("intent") !== "create") throw new Response("Unknown action", { status: 400 });
  const currencies = await storeCurrencies(api);
  return handleForm(form, createDiscountForm(currencies, context.get(staffContext).shopTimeZone), async ({ body, idempotencyKey }) => {
    const { data: code } = await api.call("createAdminDiscountCode", { body, headers: { "idempotency-key": idempotencyKey } });
    return redirectWithMessage(request, `/discounts/${code.id}`, `Discount code ${code.code} created.`);
  });
}

export default function NewDiscountCode() {
  const { currencies, idempotencyKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="New discount code" />
      <DiscountForm
        mode="create"
        currencies={currencies}
        values={refusal?.values ?? { isActive: "on" }}
        errors={refusal?.errors}
        idempotencyKey={idempotencyKey}
      />
    </>
  );
}
