import { data, redirect } from "react-router";
import { recordProductView } from "~/features/recently-viewed/recently-viewed.server";
import { getViewer, viewerMiddleware } from "~/features/recently-viewed/viewer.server";
import type { Route } from "./+types/recently-viewed";
import { parseForm, postedIdField } from "~/lib/form-intents.server";
import { z } from "zod";

/** Anonymous visitors get a viewer id here, where what they look at is recorded. */
export const middleware: Route.MiddlewareFunction[] = [viewerMiddleware];

/**
 * POST /recently-viewed: the product page, once it is shown in the browser, records the view of its variant
 * (decision 020). Never a loader: hovering a product card prefetches the page and runs its loader, and that
 * is not a visit. Without JavaScript nothing posts here, so no view is recorded. Answers whether the view was
 * kept; it never fails the page that asked.
 */
const ViewedVariantFormSchema = z.object({ variantId: postedIdField() });

export async function action({ request, context }: Route.ActionArgs) {
  const viewed = parseForm(await request.formData(), ViewedVariantFormSchema);
  if (!viewed.ok) return data({ recorded: false }, { status: 400 });
  return { recorded: await recordProductView(context, await getViewer(context, request), viewed.value.variantId) };
}

/** Nothing to show here: a visit by address goes to the shop. */
export function loader() {
  return redirect("/store", 302);
}
