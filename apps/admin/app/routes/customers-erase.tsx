import { AdminErasureBodySchema, type PersonalDataErasure } from "@quire/contracts";
import { ROLE_PERMISSIONS } from "@quire/contracts/constants";
import { data, Form, Link, useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/customers-erase";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { apiContext, staffContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Erase a person's data · Quire back office" }];

/** The page reads nothing from the API, so it asks the role itself: erasing needs `customers`, as the API does. */
export function loader({ context }: Route.LoaderArgs) {
  const { role } = context.get(staffContext);
  if (!ROLE_PERMISSIONS[role].includes("customers")) throw data("Not allowed", { status: 403 });
  return null;
}

// The contract's field, and a box the merchant ticks to say the request was checked: the erasure cannot be undone.
const EraseForm = z.object({
  ...AdminErasureBodySchema.shape,
  confirmed: z.literal("on", { error: "Tick the box to confirm the person asked for it" }),
});

/** What the erasure did, in words, counts only: the address erased is not repeated. */
function summaryOf(erased: PersonalDataErasure): string {
  const parts = [
    erased.account ? "the account deleted" : "no account",
    `${erased.ordersAnonymised} order(s) kept anonymised`,
    `${erased.contactMessages} message(s), ${erased.addresses} address(es), ${erased.wishlists} wishlist(s), ${erased.marketingSubscriptions} subscription(s) and ${erased.backInStockRequests} back-in-stock request(s) deleted`,
    `${erased.mails} mail(s) emptied`,
  ];
  return `The person's data was erased: ${parts.join("; ")}.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "erase") throw new Response("Unknown action", { status: 400 });
  return handleForm(form, EraseForm, async ({ email }) => {
    const { data: erased } = await context.get(apiContext).call("erasePersonalData", { body: { email } });
    return redirectWithMessage(request, "/customers/erase", summaryOf(erased));
  });
}

/** Customers › Erase a person's data (decision 063): a form that posts, with JavaScript or without. */
export default function ErasePersonalData() {
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values ?? {};
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers">Back to customers</Link>
      </p>
      <PageHeader title="Erase a person's data" />
      <Card title="Everything the shop holds about an email address" className="max-w-2xl">
        <p className="mb-3 max-w-prose text-sm">
          For a person’s request to have their data erased (GDPR article 17), with an account or as a guest: the account that has the
          address, if any, is deleted with its sign-ins, addresses, wishlists and baskets, and every message, request and subscription with
          the address is deleted. Orders, returns and mails are kept for the tax law with the person’s name, address and contact details
          removed (the country stays). It is refused while an order awaits payment or delivery, or a return, withdrawal or refund is open.
          It cannot be undone; check the person is who they say they are first. It is recorded in the audit log.
        </p>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <ErrorSummary errors={errors} title="The data was not erased:" />
          <Field name="email" label="Email address" type="email" autoComplete="off" required defaultValue={values.email} errors={errors} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirmed" required className="mt-1" />
            <span>The person asked for their data to be erased, and I checked it is them.</span>
          </label>
          <div>
            <Button name="intent" value="erase" kind="danger">
              Erase
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
