import { AdminListProductsQuerySchema } from "@quire/contracts";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { ProductStatus } from "~/components/products-fields";
import { ButtonLink, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDate } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Products · Quire back office" }];

/** The list's filters as the address gives them (`q`, `published`, `archived`), each kept only when the API takes it. */
function productFiltersOf(url: URL) {
  const q = url.searchParams.get("q")?.trim() ?? "";
  const published = url.searchParams.get("published") ?? "";
  const archived = url.searchParams.get("archived") ?? "";
  const before = url.searchParams.get("before") ?? "";
  const parsed = AdminListProductsQuerySchema.safeParse({
    ...(q ? { search: q.slice(0, 100) } : {}),
    ...(published === "true" || published === "false" ? { published } : {}),
    ...(archived === "true" || archived === "all" ? { archived } : {}),
    ...(/^\d{1,10}$/.test(before) ? { before } : {}),
    limit: "50",
  });
  return { query: parsed.success ? parsed.data : { limit: 50 }, shown: { q, published, archived } };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, shown } = productFiltersOf(url);
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminProducts", { query }));
  const params = new URLSearchParams(url.searchParams);
  params.delete("before");
  return {
    products: data.products,
    nextPage: data.nextBefore ? `?${new URLSearchParams([...params, ["before", String(data.nextBefore)]])}` : null,
    firstPage: query.before ? `?${params}` : null,
    filters: shown,
  };
}

const selectClass = "rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm";

export default function Products() {
  const { products, nextPage, firstPage, filters } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Products">
        <ButtonLink href="/products/bulk-edit">Bulk edit</ButtonLink>
        <ButtonLink href="/products/import">Import</ButtonLink>
        <ButtonLink href="/products/export">Export</ButtonLink>
        <ButtonLink href="/products/new">New product</ButtonLink>
      </PageHeader>
      <Form method="get" role="search" aria-label="Filter products" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium">
            Name, slug or SKU
          </label>
          <input id="q" name="q" type="search" defaultValue={filters.q} maxLength={100} className={selectClass} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="published" className="text-sm font-medium">
            In the shop
          </label>
          <select id="published" name="published" defaultValue={filters.published} className={selectClass}>
            <option value="">Published or not</option>
            <option value="true">Published</option>
            <option value="false">Not published</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="archived" className="text-sm font-medium">
            Archive
          </label>
          <select id="archived" name="archived" defaultValue={filters.archived} className={selectClass}>
            <option value="">Not archived</option>
            <option value="true">Archived only</option>
            <option value="all">Archived or not</option>
          </select>
        </div>
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      {products.length === 0 ? (
        <p>No products match these filters.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Products, newest first</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Variants
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Stock
                </th>
                <th scope="col" className="px-3 py-2">
                  Added
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/products/${product.id}`}>{product.name}</Link>
                    <span className="block font-normal text-zinc-600">{product.slug}</span>
                  </th>
                  <td className="px-3 py-2">
                    <ProductStatus isPublished={product.isPublished} archivedAt={product.archivedAt} />
                  </td>
                  <td className="px-3 py-2 text-right">{product.variantCount}</td>
                  <td className="px-3 py-2 text-right">{product.stockQuantity}</td>
                  <td className="px-3 py-2">{formatDate(product.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of products" className="mt-4 flex gap-4">
        {firstPage ? <Link to={firstPage}>Newest products</Link> : null}
        {nextPage ? <Link to={nextPage}>Older products</Link> : null}
      </nav>
    </>
  );
}
