import { AdminDataExportQuerySchema } from "@quire/contracts";
import { ROLE_PERMISSIONS } from "@quire/contracts/constants";
import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/customers-data-export";
import { Button, Card, ErrorSummary, Field, PageHeader, SelectField } from "~/components/ui";
import { staffContext } from "~/lib/context.server";
import { errorsOfIssues, type FormErrors } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Personal data export · Quire back office" }];

const FORMATS = [
  { value: "json", label: "JSON file (machine-readable)" },
  { value: "text", label: "Readable summary (plain text)" },
] as const;

/**
 * A person's data export for their request by email (decision 062): an account's or a guest's. The page reads nothing
 * from the API, so it asks the role itself: the export needs `customers`, as the API does. An address the download
 * refused comes back here in the address bar, with what was wrong beside its field.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { role } = context.get(staffContext);
  if (!ROLE_PERMISSIONS[role].includes("customers")) throw data("Not allowed", { status: 403 });
  const url = new URL(request.url);
  const email = url.searchParams.get("email");
  const format = url.searchParams.get("format") === "text" ? "text" : "json";
  let errors: FormErrors | undefined;
  if (email !== null) {
    const parsed = AdminDataExportQuerySchema.safeParse({ email });
    if (!parsed.success) errors = errorsOfIssues(parsed.error.issues);
  }
  return { values: { email: email ?? "", format }, errors };
}

/**
 * A plain GET form (not React Router's), so the browser downloads the file (or opens the summary) the address
 * answers, with JavaScript or without.
 */
export default function PersonalDataExport() {
  const { values, errors } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers">Back to customers</Link>
      </p>
      <PageHeader title="Personal data export" />
      <Card title="Everything the shop holds about an email address">
        <p className="mb-3 max-w-prose text-sm">
          For a person’s request to see their data (GDPR articles 15 and 20), with an account or as a guest: the account that has the
          address, if any, with its addresses, sign-ins, wishlists and recently viewed books; and every order, return, withdrawal,
          newsletter subscription and its consent decisions, back-in-stock request, contact message and mail with that address. Check the
          person is who they say they are before you send it. Each export is recorded in the audit log.
        </p>
        <ErrorSummary errors={errors} title="The data could not be exported:" />
        <form method="get" action="/customers/data-export/download" className="flex flex-wrap items-end gap-3">
          <Field name="email" label="Email address" type="email" required defaultValue={values.email} errors={errors} />
          <SelectField name="format" label="Format" options={FORMATS} defaultValue={values.format} />
          <Button>Export</Button>
        </form>
      </Card>
    </>
  );
}
