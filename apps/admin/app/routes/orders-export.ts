import type { Route } from "./+types/orders-export";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { orderFiltersOf } from "~/lib/order-filters";

/** The orders the list's filters find, as the API's CSV, passed on as it streams. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = orderFiltersOf(new URL(request.url));
  const document = await pageRead(request, context.get(apiContext).download("exportAdminOrders", { query }));
  return new Response(document.body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": document.contentDisposition ?? 'attachment; filename="orders.csv"',
    },
  });
}
