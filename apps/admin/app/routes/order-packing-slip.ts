import { z } from "zod";
import type { Route } from "./+types/order-packing-slip";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";

/** The order's packing slip, the API's PDF passed on as it streams (opened in the browser's own viewer). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = z.coerce.number().int().min(1).max(2_147_483_647).safeParse(params.id);
  if (!id.success) throw new Response("Not found", { status: 404 });
  const document = await pageRead(request, context.get(apiContext).download("getPackingSlip", { params: { id: id.data } }));
  return new Response(document.body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": document.contentDisposition ?? `inline; filename="packing-slip-${id.data}.pdf"`,
    },
  });
}
