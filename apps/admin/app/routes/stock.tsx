import { SkuSchema } from "@quire/contracts";
import { Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/stock";
import { PageHeader } from "~/components/ui";
import { ApiRequestError } from "~/lib/api.server";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Stock · Quire back office" }];

/** A keyset page's `before` from the address, when it is a whole number the API takes. */
function beforeOf(url: URL): number | undefined {
  const before = url.searchParams.get("before");
  return before && /^\d{1,10}$/.test(before) && Number(before) >= 1 && Number(before) <= 2_147_483_647 ? Number(before) : undefined;
}

/**
 * The variants low on stock (as the API pages them); a search by SKU goes straight to that variant's stock (a read, so a
 * GET form and a redirect), or says that no variant has it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const sku = (url.searchParams.get("sku") ?? "").trim();
  let skuProblem: string | null = null;
  if (sku) {
    const parsed = SkuSchema.safeParse(sku);
    if (!parsed.success) skuProblem = `"${sku.slice(0, 64)}" is not a SKU: ${parsed.error.issues[0]?.message ?? "check it"}.`;
    else {
      const found = await pageRead(
        request,
        api.call("getAdminVariantStockBySku", { params: { sku: parsed.data } }).catch((error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 404) return null;
          throw error;
        }),
      );
      if (found) throw redirect(`/stock/variants/${found.data.variantId}`);
      skuProblem = `No variant has the SKU "${parsed.data}".`;
    }
  }
  const before = beforeOf(url);
  const { data } = await pageRead(request, api.call("listLowStock", { query: { limit: 50, before } }));
  return {
    sku,
    skuProblem,
    variants: data.variants,
    nextPage: data.nextBefore ? `?before=${data.nextBefore}` : null,
    firstPage: before ? "/stock" : null,
  };
}

export default function Stock() {
  const { sku, skuProblem, variants, nextPage, firstPage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Stock" />
      <Form method="get" role="search" aria-label="Find a variant by SKU" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="sku" className="text-sm font-medium">
            SKU
          </label>
          <input
            id="sku"
            name="sku"
            type="search"
            defaultValue={sku}
            maxLength={64}
            required
            aria-invalid={skuProblem ? true : undefined}
            aria-describedby={skuProblem ? "sku-error" : undefined}
            className={`rounded-md border bg-white px-3 py-2 text-sm ${skuProblem ? "border-red-700" : "border-zinc-500"}`}
          />
        </div>
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Find
        </button>
        {skuProblem ? (
          <p id="sku-error" role="alert" className="w-full text-sm text-red-800">
            {skuProblem}
          </p>
        ) : null}
      </Form>
      <h2 className="mb-3 text-lg font-semibold">Low on stock</h2>
      {variants.length === 0 ? (
        <p>No variant is at or below its low-stock threshold.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Variants at or below their low-stock threshold</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  SKU
                </th>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  In stock
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Threshold
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((variant) => (
                <tr key={variant.variantId} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/stock/variants/${variant.variantId}`}>{variant.sku}</Link>
                  </th>
                  <td className="px-3 py-2">
                    {variant.productName}
                    {variant.variantName && variant.variantName !== variant.productName ? (
                      <span className="block text-zinc-600">{variant.variantName}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right">{variant.stockQuantity}</td>
                  <td className="px-3 py-2 text-right">{variant.lowStockThreshold ?? "Shop's setting"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of low stock" className="mt-4 flex gap-4">
        {firstPage ? <Link to={firstPage}>First page</Link> : null}
        {nextPage ? <Link to={nextPage}>Next page</Link> : null}
      </nav>
    </>
  );
}
