import { apiContext } from "~/lib/context.server";
import { readConsentId } from "~/features/consent/consent.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-data-summary";

export const handle: RouteHandle = { requiredAuthentication: true };

/**
 * GET /account/data-export/summary: the signed-in customer's data as plain text to read in the browser (decision 062;
 * GET /customers/data-export/summary), streamed through as the API answers it. Private: never kept by a shared cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const consentSubject = await readConsentId(request);
  const document = await context.get(apiContext).download("summariseCustomerData", { query: consentSubject ? { consentSubject } : {} });
  return new Response(document.body, {
    headers: {
      "Content-Type": document.contentType,
      "Cache-Control": "private, no-store",
      "Content-Disposition": document.contentDisposition ?? `inline; filename="quire-personal-data.txt"`,
    },
  });
}
