import { ROLE_PERMISSIONS } from "@quire/contracts/constants";
import { data } from "react-router";
import type { Route } from "./+types/catalogue-export";
import { Button, ButtonLink, Card, PageHeader } from "~/components/ui";
import { CATALOGUE_FORMAT_OPTIONS } from "~/lib/catalogue-files";
import { staffContext } from "~/lib/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Export the catalogue · Quire back office" }];

/** The page reads nothing from the API, so it asks the role itself: the export needs `catalogue`, as the API does. */
export function loader({ context }: Route.LoaderArgs) {
  if (!ROLE_PERMISSIONS[context.get(staffContext).role].includes("catalogue")) throw data("Not allowed", { status: 403 });
  return null;
}

const fieldClass = "rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm";

/**
 * The export's form: a plain GET form (not React Router's), so the browser downloads the file the address answers
 * (/products/export.csv), with JavaScript or without. The API's export takes only the format: it is the whole
 * catalogue, in id order, which imports back unchanged.
 */
export default function CatalogueExport() {
  return (
    <>
      <PageHeader title="Export the catalogue">
        <ButtonLink href="/products/import">Import products</ButtonLink>
        <ButtonLink href="/products">All products</ButtonLink>
      </PageHeader>
      <Card title="Download a CSV">
        <p className="mb-3 max-w-prose text-sm">
          Every product with its variants, in the order they were added, with prices in each of the shop’s currencies. Edit it in a
          spreadsheet and import it back: what you did not change stays as it is.
        </p>
        <form method="get" action="/products/export.csv" className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="format" className="text-sm font-medium">
              Format
            </label>
            <select id="format" name="format" defaultValue="quire" className={fieldClass}>
              {CATALOGUE_FORMAT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <Button>Download the CSV</Button>
        </form>
      </Card>
    </>
  );
}
