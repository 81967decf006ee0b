import { apiContext } from "~/lib/context.server";
import { readConsentId } from "~/features/consent/consent.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-data-export";

export const handle: RouteHandle = { requiredAuthentication: true };

/**
 * GET /account/data-export: everything the shop holds about the signed-in customer as a JSON file to keep (decision
 * 062; GET /customers/data-export), with this browser's cookie decisions, named by its consent id. The file is the
 * export itself, without the API's `data` envelope. Private: never kept by a shared cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const consentSubject = await readConsentId(request);
  const { data } = await context.get(apiContext).call("exportCustomerData", { query: consentSubject ? { consentSubject } : {} });
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Content-Disposition": `attachment; filename="quire-personal-data-${data.exportedAt.slice(0, 10)}.json"`,
    },
  });
}
