import { AdminDataExportQuerySchema } from "@quire/contracts";
import { redirect } from "react-router";
import type { Route } from "./+types/customers-data-export-download";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";

/**
 * An email address's data export (decision 062): the JSON file to download (the export itself, without the API's
 * `data` envelope), or the plain-text summary, passed on as it streams. Private: never kept by any cache. An address
 * the contract refuses goes back to the form with what was asked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = { email: url.searchParams.get("email") ?? "" };
  const format = url.searchParams.get("format") === "text" ? "text" : "json";
  const query = AdminDataExportQuerySchema.safeParse(asked);
  if (!query.success) return redirect(`/customers/data-export?${new URLSearchParams({ ...asked, format })}`);
  const api = context.get(apiContext);
  if (format === "text") {
    const document = await pageRead(request, api.download("summariseAdminPersonalData", { query: query.data }));
    return new Response(document.body, {
      headers: {
        "Content-Type": document.contentType,
        "Content-Disposition": document.contentDisposition ?? 'inline; filename="quire-personal-data.txt"',
        "Cache-Control": "private, no-store",
      },
    });
  }
  const { data } = await pageRead(request, api.call("exportAdminPersonalData", { query: query.data }));
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="quire-personal-data-${data.exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
