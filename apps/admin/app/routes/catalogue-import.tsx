import { randomUUID } from "node:crypto";
import type { CatalogueImportCheckSchema } from "@quire/contracts";
import { MAX_LISTED_PROBLEMS } from "@quire/contracts/constants";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/catalogue-import";
import { Figures, ImportState, ProblemsTable } from "~/components/catalogue-files-report";
import { FileField } from "~/components/file-drop";
import { Button, ButtonLink, Card, ErrorSummary, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { CATALOGUE_FORMAT_OPTIONS } from "~/lib/catalogue-files";
import { CatalogueFormatFormSchema, catalogueFileText, uploadTooLarge } from "~/lib/catalogue-files.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { formValues, handleForm, redirectWithMessage, type FormRefusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Import products · Quire back office" }];

/** The recent imports shown under the form (the merchant can leave an import running and come back to it). */
const RECENT_IMPORTS = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: list } = await pageRead(
    request,
    context.get(apiContext).call("listCatalogueImports", { query: { limit: RECENT_IMPORTS } }),
  );
  // The start's Idempotency-Key: a form sent twice (a double click, a retry) starts one import. Each page load
  // (and so each answer to the form, which loads the page again) has a new one, so a corrected file is a new call.
  return { imports: list.imports, startKey: randomUUID() };
}

const ImportFormSchema = CatalogueFormatFormSchema.extend({ key: z.uuid().optional() });

/** The dry run's report, shown on this page. */
interface ImportReport {
  report: z.infer<typeof CatalogueImportCheckSchema>;
  fileName: string;
  /** The merchant asked to start the import, and it was withheld because the file has problems. */
  startWithheld: boolean;
}

/*
 * One form, two buttons. A browser without JavaScript cannot send a chosen file again, and a page cannot fill a
 * file input for a second form; keeping a file of several megabytes between the check and the start (a hidden
 * field, a cookie, a store of uploads on this server) would be heavy or fragile. So the same form carries the file
 * for either button: "Check the file" runs the dry run and shows its report here; "Check and start the import if it
 * has no problems" runs the same dry run and, when it finds no error, starts the import (202, a job) and goes to
 * its progress page; when it finds errors, the import is withheld and the report says what to fix.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const tooLarge = uploadTooLarge(request);
  if (tooLarge) return data<FormRefusal>({ errors: { fields: { file: tooLarge }, form: [] }, values: {} }, { status: 413 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "check" && intent !== "start") throw new Response("Unknown action", { status: 400 });
  return handleForm(
    form,
    ImportFormSchema,
    async ({ format, key }) => {
      const file = await catalogueFileText(form);
      if ("problem" in file) {
        return data<FormRefusal>(
          { errors: { fields: { file: file.problem }, form: [] }, values: formValues(form) },
          { status: file.status },
        );
      }
      const { data: report } = await api.call("checkCatalogueImport", { query: { format }, body: file.text });
      const chosen = form.get("file");
      const fileName = chosen instanceof File ? chosen.name : "";
      if (intent === "start" && report.errors.length === 0 && report.failed === 0) {
        const { data: started } = await api.call("startCatalogueImport", {
          query: { format },
          body: file.text,
          headers: { "idempotency-key": key },
        });
        return redirectWithMessage(request, `/products/import/${started.id}`, `Import of ${fileName || "the file"} started.`);
      }
      return { report, fileName, startWithheld: intent === "start" };
    },
    { body: "file" },
  );
}

export default function CatalogueImport() {
  const { imports, startKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal = answer && "errors" in answer ? answer : undefined;
  const checked = answer && "report" in answer ? answer : undefined;
  const fileError = refusal?.errors.fields.file;
  return (
    <>
      <PageHeader title="Import products">
        <ButtonLink href="/products/export">Export the catalogue</ButtonLink>
        <ButtonLink href="/products">All products</ButtonLink>
      </PageHeader>
      <ErrorSummary errors={refusal?.errors} title="The file could not be checked:" />
      <div className="flex flex-col gap-4">
        <Card title="Check a file">
          <p className="mb-3 max-w-prose text-sm">
            Products are matched by their handle and variants by their SKU: a product already in the shop is updated, a new one is created,
            and nothing is deleted. Check the file first: nothing is written until the import starts.
          </p>
          <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-3">
            <input type="hidden" name="key" value={startKey} />
            <div className="max-w-sm">
              <SelectField
                name="format"
                label="Format"
                options={CATALOGUE_FORMAT_OPTIONS}
                defaultValue={refusal?.values.format ?? checked?.report.format ?? "shopify"}
                errors={refusal?.errors}
              />
            </div>
            <FileField
              id="file"
              name="file"
              label="CSV file"
              hint="UTF-8 text with a header row; commas, semicolons or tabs between cells; up to 100 MB."
              accept=".csv,.tsv,.txt,text/csv,text/plain"
              error={fileError}
              what="a CSV file"
            />
            <div className="flex flex-wrap gap-2">
              <Button kind="secondary" name="intent" value="check">
                Check the file
              </Button>
              <Button name="intent" value="start">
                Check and start the import if it has no problems
              </Button>
            </div>
          </Form>
        </Card>
        {checked ? <CheckReport {...checked} /> : null}
        <Card title="Recent imports">
          {imports.length === 0 ? (
            <p className="text-sm">No imports yet.</p>
          ) : (
            <div className="relative overflow-x-auto" tabIndex={0}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Recent imports, newest first</caption>
                <thead className="border-b border-zinc-200 bg-zinc-50">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Started
                    </th>
                    <th scope="col" className="px-3 py-2">
                      State
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Format
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Products done
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Failed
                    </th>
                    <th scope="col" className="px-3 py-2">
                      By
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {imports.map((item) => (
                    <tr key={item.id} className="border-b border-zinc-100 last:border-0">
                      <th scope="row" className="px-3 py-2 font-medium">
                        <Link to={`/products/import/${item.id}`}>Import {item.id}</Link>
                        <span className="block font-normal text-zinc-600">{formatDateTime(item.createdAt)}</span>
                      </th>
                      <td className="px-3 py-2">
                        <ImportState status={item.status} />
                      </td>
                      <td className="px-3 py-2">{item.format === "shopify" ? "Shopify" : "Quire"}</td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {item.productsDone} of {item.products}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{item.productsFailed}</td>
                      <td className="px-3 py-2">{item.requestedBy}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </>
  );
}

function CheckReport({ report, fileName, startWithheld }: ImportReport) {
  const blocked = report.errors.length > 0 || report.failed > 0;
  return (
    <Card title="What the import would do">
      <p className="mb-3 text-sm">
        {fileName ? <>{fileName}: </> : null}
        {report.rows} rows, {report.products} products with {report.variants} variants ({report.format === "shopify" ? "Shopify" : "Quire"}{" "}
        format). Nothing has been written.
      </p>
      <Figures
        label="What the import would do"
        figures={[
          ["New products", report.toCreate],
          ["Products changed", report.toUpdate],
          ["Products unchanged", report.unchanged],
          ["Products with problems", report.failed],
        ]}
      />
      <div role="status" className="my-4 text-sm">
        {blocked ? (
          <p className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            {startWithheld ? "The import was not started: " : ""}
            {report.failed === 1 ? "1 product has" : `${report.failed} products have`} problems to fix. Fix the rows below in your
            spreadsheet, save it as CSV, and check it again.
          </p>
        ) : (
          <p className="rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
            No problems stop this file. To import it, choose the file again if it is no longer chosen, and press “Check and start the import
            if it has no problems”.
          </p>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <ProblemsTable
          caption="Problems to fix, by row and column"
          problems={report.errors}
          truncated={report.errors.length >= MAX_LISTED_PROBLEMS}
        />
        <ProblemsTable
          caption="Warnings (the import goes ahead without these)"
          problems={report.warnings}
          truncated={report.warnings.length >= MAX_LISTED_PROBLEMS}
        />
      </div>
    </Card>
  );
}
