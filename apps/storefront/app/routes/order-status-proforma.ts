import { OrderLinkTokenSchema } from "@quire/contracts";
import { z } from "zod";
import { orderLinkProblemOf } from "~/features/order-link/order-link.server";
import { EMAILED_SECRET_HEADERS } from "~/lib/token-paths.server";
import { ApiRequestError, createApiClient } from "~/lib/api.server";
import { callerContext } from "~/lib/context.server";
import { notFoundResponse } from "~/lib/not-found.server";
import type { Route } from "./+types/order-status-proforma";

const ParamsSchema = z.object({ token: OrderLinkTokenSchema });

/**
 * GET /order-status/proforma-invoice/:token: the proforma invoice of the order an emailed order link opens
 * (decision 041), the API's PDF streamed through as it comes. A link that does not work, or an order with no
 * proforma invoice, is not found (an expired link: gone).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return notFoundResponse(request);
  const { token } = parsed.data;
  try {
    const api = createApiClient(context.get(callerContext));
    const document = await api.download("getProformaInvoiceByLink", { body: { token } });
    const headers = new Headers({
      ...EMAILED_SECRET_HEADERS,
      "Content-Type": document.contentType,
      "Content-Disposition": document.contentDisposition ?? `attachment; filename="proforma.pdf"`,
    });
    return new Response(document.body, { headers });
  } catch (error) {
    const problem = orderLinkProblemOf(error);
    if (!problem && !(error instanceof ApiRequestError && error.status === 404)) throw error;
    const answer = notFoundResponse(request);
    return problem === "expired" ? new Response(answer.body, { status: 410, headers: answer.headers }) : answer;
  }
}
