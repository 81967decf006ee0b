import type { Route } from "./+types/orders-export";
import { pageRead } from "~/lib/auth.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { orderFiltersOf } from "~/lib/order-filters";
import { shopDayBounds } from "~/lib/shop-moments.server";

/** The orders the list's filters find, as the API's CSV, passed on as it streams. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const timeZone = context.get(staffContext).shopTimeZone;
  const query = orderFiltersOf(new URL(request.url), (day) => shopDayBounds(day, timeZone)?.since ?? null);
  const document = await pageRead(request, context.get(apiContext).download("exportAdminOrders", { query }));
  return new Response(document.body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": document.contentDisposition ?? 'attachment; filename="orders.csv"',
    },
  });
}
