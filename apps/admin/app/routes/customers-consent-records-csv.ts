import { AdminExportConsentRecordsQuerySchema } from "@quire/contracts";
import { redirect } from "react-router";
import type { Route } from "./+types/customers-consent-records-csv";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";

/**
 * A period's consent records as the API's CSV, passed on as it streams. A period the contract refuses goes back to
 * the form with what was asked, where the page says what is wrong with it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const query = AdminExportConsentRecordsQuerySchema.safeParse(asked);
  if (!query.success) return redirect(`/customers/consent-records?${new URLSearchParams(asked)}`);
  const document = await pageRead(request, context.get(apiContext).download("exportAdminConsentRecords", { query: query.data }));
  return new Response(document.body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": document.contentDisposition ?? 'attachment; filename="consent-records.csv"',
      "Cache-Control": "no-store",
    },
  });
}
