import { AdminExportConsentRecordsQuerySchema } from "@quire/contracts";
import { CONSENT_EXPORT_MAX_DAYS, ROLE_PERMISSIONS } from "@quire/contracts/constants";
import { DateTime } from "luxon";
import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/customers-consent-records";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { staffContext } from "~/lib/context.server";
import { errorsOfIssues, type FormErrors } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Consent records · Quire back office" }];

/**
 * The consent records' export (decision 060): a period's days, in the shop's time zone. The page reads nothing from
 * the API, so it asks the role itself: the export needs `customers`, as the API does. A period the download refused
 * comes back here in the address, with what was wrong beside its field.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { role, shopTimeZone } = context.get(staffContext);
  if (!ROLE_PERMISSIONS[role].includes("customers")) throw data("Not allowed", { status: 403 });
  const url = new URL(request.url);
  const asked = { from: url.searchParams.get("from"), to: url.searchParams.get("to") };
  const today = DateTime.now().setZone(shopTimeZone);
  let errors: FormErrors | undefined;
  if (asked.from !== null || asked.to !== null) {
    const parsed = AdminExportConsentRecordsQuerySchema.safeParse({ from: asked.from ?? "", to: asked.to ?? "" });
    if (!parsed.success) errors = errorsOfIssues(parsed.error.issues);
  }
  return {
    values: { from: asked.from ?? today.minus({ days: 30 }).toISODate()!, to: asked.to ?? today.toISODate()! },
    errors,
    shopTimeZone,
  };
}

/**
 * A plain GET form (not React Router's), so the browser downloads the file the address answers
 * (/customers/consent-records.csv), with JavaScript or without.
 */
export default function ConsentRecords() {
  const { values, errors, shopTimeZone } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers">Back to customers</Link>
      </p>
      <PageHeader title="Consent records" />
      <Card title="Download the records of a period">
        <p className="mb-3 max-w-prose text-sm">
          Each choice a shopper made on the cookie banner or the cookie settings page, and each change of a newsletter subscription: when,
          where, the choices, and the versions of the cookie banner and the privacy policy then in force. Shoppers are named by a
          pseudonymous id (a browser’s random consent id, or a newsletter subscription’s number), never by their email or network address.
        </p>
        <ErrorSummary errors={errors} title="The records could not be downloaded:" />
        <form method="get" action="/customers/consent-records.csv" className="flex flex-wrap items-end gap-3">
          <Field name="from" label="From" type="date" required defaultValue={values.from} errors={errors} />
          <Field
            name="to"
            label="To"
            type="date"
            required
            defaultValue={values.to}
            errors={errors}
            hint={`Both days included, in the shop’s time zone (${shopTimeZone}); at most ${CONSENT_EXPORT_MAX_DAYS} days.`}
          />
          <Button>Download the CSV</Button>
        </form>
      </Card>
    </>
  );
}
