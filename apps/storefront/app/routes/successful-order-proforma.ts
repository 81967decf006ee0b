import { IdParamSchema } from "@quire/contracts";
import { z } from "zod";
import { orderAnonymousId } from "~/features/checkout/checkout.server";
import { readLastOrder } from "~/features/checkout/last-order.server";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import { notFoundResponse } from "~/lib/not-found.server";
import type { Route } from "./+types/successful-order-proforma";

const ParamsSchema = z.object({ id: IdParamSchema });

/**
 * GET /successful-order/:id/proforma-invoice: the order's proforma invoice, the API's PDF streamed through as
 * it comes (GET /orders/:id/proforma-invoice). Only its buyer gets it: the API checks the order is theirs (a
 * guest's by anonymousId) and answers 404 otherwise, or when the order is not paid by bank transfer.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return notFoundResponse(request);
  const { id } = parsed.data;
  const anonymousId = orderAnonymousId(context, id, await readLastOrder(request));
  try {
    const document = await context.get(apiContext).download("getProformaInvoice", { params: { id }, query: { anonymousId } });
    const headers = new Headers({
      "Content-Type": document.contentType,
      // Private to its buyer: never kept by a shared cache.
      "Cache-Control": "private, no-store",
      "Content-Disposition": document.contentDisposition ?? `attachment; filename="proforma-${id}.pdf"`,
    });
    return new Response(document.body, { headers });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return notFoundResponse(request);
    throw error;
  }
}
