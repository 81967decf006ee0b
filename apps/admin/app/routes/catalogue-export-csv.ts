import { CatalogueFileQuerySchema } from "@quire/contracts";
import { redirect } from "react-router";
import type { Route } from "./+types/catalogue-export-csv";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";

/** The whole catalogue as the API's CSV in the chosen format, passed on as it streams. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = CatalogueFileQuerySchema.safeParse({ format: new URL(request.url).searchParams.get("format") ?? "quire" });
  if (!query.success) return redirect("/products/export");
  const document = await pageRead(request, context.get(apiContext).download("exportCatalogue", { query: query.data }));
  return new Response(document.body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": document.contentDisposition ?? `attachment; filename="catalogue-${query.data.format}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
