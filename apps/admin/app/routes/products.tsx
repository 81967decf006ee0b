import {
  ADMIN_PRODUCT_BULK_ACTIONS,
  AdminListProductsQuerySchema,
  MAX_BULK_PRODUCTS,
  type AdminProductBulkAction,
  type AdminProductSort,
} from "@quire/contracts";
import { ADMIN_PRODUCT_SORTS, ADMIN_PRODUCT_STOCK_FILTERS } from "@quire/contracts/constants";
import { Form, Link, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/products";
import { ProductStatus } from "~/components/products-fields";
import { SearchInput } from "~/components/form-fields";
import { BulkActionBar, BulkRefusals, TickAllCell, TickCell } from "~/components/bulk-selection";
import { Button, ButtonLink, FilterSelect, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDate } from "~/lib/format";
import { answerTickedAction } from "~/lib/bulk-selection.server";
import { productPageKeyOf, productSortOf } from "~/lib/product-list";
import { sortedListLinks } from "~/lib/sorted-list";

export const meta: Route.MetaFunction = () => [{ title: "Products · Quire back office" }];

/**
 * The list's filters and order as the address gives them (`q`, `published`, `archived`, `category`, `stock`, `sale`,
 * `sort`), each kept only when the API takes it: an address edited by hand lists with the filters that make sense.
 */
function productFiltersOf(url: URL) {
  const read = (name: string) => url.searchParams.get(name)?.trim() ?? "";
  const shown = {
    q: read("q"),
    published: read("published"),
    archived: read("archived"),
    category: read("category"),
    stock: read("stock"),
    sale: read("sale"),
    sort: productSortOf(url),
  };
  // The page key goes to the API as the address wrote it (the schema would read it into its parts).
  const parsed = AdminListProductsQuerySchema.omit({ after: true }).safeParse({
    ...(shown.q ? { search: shown.q.slice(0, 100) } : {}),
    ...(shown.published === "true" || shown.published === "false" ? { published: shown.published } : {}),
    ...(shown.archived === "true" || shown.archived === "all" ? { archived: shown.archived } : {}),
    ...(/^\d{1,10}$/.test(shown.category) ? { categoryId: shown.category } : {}),
    ...((ADMIN_PRODUCT_STOCK_FILTERS as readonly string[]).includes(shown.stock) ? { stock: shown.stock } : {}),
    ...(shown.sale === "true" || shown.sale === "false" ? { onSale: shown.sale } : {}),
    sort: shown.sort,
    limit: "50",
  });
  const key = productPageKeyOf(url, shown.sort);
  return { query: { ...(parsed.success ? parsed.data : { sort: shown.sort, limit: 50 }), ...key }, key, shown };
}

const SORT_LABELS: Record<AdminProductSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name, A to Z",
  name_desc: "Name, Z to A",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, key, shown } = productFiltersOf(url);
  const api = context.get(apiContext);
  const [{ data }, { data: categories }] = await pageRead(
    request,
    Promise.all([api.call("listAdminProducts", { query }), api.call("listAdminCategories")]),
  );
  const links = sortedListLinks(url, data, key === null);
  return {
    products: data.products,
    categories: categories.map(({ id, name, depth }) => ({ id, name, depth })),
    nextPage: links.next,
    firstPage: links.first,
    filters: shown,
  };
}

/** What each bulk action did, said of one product and of several. */
const BULK_DONE: Record<AdminProductBulkAction, string> = {
  publish: "published",
  unpublish: "unpublished",
  archive: "archived",
  unarchive: "brought back from the archive",
};

const productsCount = (count: number) => `${count} ${count === 1 ? "product" : "products"}`;

/**
 * "With the ticked products": the ticked rows' ids and the button pressed go to the API in one request, which
 * changes each product on its own. All done, the list is shown again with a message; otherwise the page says which
 * products were refused and why, and that the others were done.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerTickedAction(request, {
    actions: ADMIN_PRODUCT_BULK_ACTIONS,
    field: "productId",
    max: MAX_BULK_PRODUCTS,
    what: "products",
    send: async (action, productIds) =>
      (await context.get(apiContext).call("bulkAdminProducts", { body: { action, productIds } })).data.results,
    idOf: (result) => result.productId,
    done: (action, count) => `${productsCount(count)} ${BULK_DONE[action]}`,
  });
}

const STOCK_LABELS: Record<(typeof ADMIN_PRODUCT_STOCK_FILTERS)[number], string> = {
  in_stock: "In stock",
  low: "Low or sold out",
  out: "Sold out",
};

export default function Products() {
  const { products, categories, nextPage, firstPage, filters } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A new page (the list after a change, another filter) starts with nothing ticked.
  const { key: pageKey } = useLocation();
  const nameOf = (productId: number) => products.find((product) => product.id === productId)?.name ?? `Product ${productId}`;
  const showsArchived = filters.archived === "true" || filters.archived === "all";
  return (
    <>
      <PageHeader title="Products">
        <ButtonLink href="/products/bulk-edit">Bulk edit</ButtonLink>
        <ButtonLink href="/products/import">Import</ButtonLink>
        <ButtonLink href="/products/export">Export</ButtonLink>
        <ButtonLink href="/products/new">New product</ButtonLink>
      </PageHeader>
      <Form method="get" role="search" aria-label="Filter products" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Name, slug or SKU" defaultValue={filters.q} />
        <FilterSelect
          name="published"
          label="In the shop"
          defaultValue={filters.published}
          options={[
            { value: "", label: "Published or not" },
            { value: "true", label: "Published" },
            { value: "false", label: "Not published" },
          ]}
        />
        <FilterSelect
          name="archived"
          label="Archive"
          defaultValue={filters.archived}
          options={[
            { value: "", label: "Not archived" },
            { value: "true", label: "Archived only" },
            { value: "all", label: "Archived or not" },
          ]}
        />
        <FilterSelect
          name="category"
          label="Category"
          defaultValue={filters.category}
          options={[
            { value: "", label: "Any category" },
            ...categories.map((category) => ({ value: String(category.id), label: `${"\u2014 ".repeat(category.depth)}${category.name}` })),
          ]}
        />
        <FilterSelect
          name="stock"
          label="Stock"
          defaultValue={filters.stock}
          options={[
            { value: "", label: "Any stock" },
            ...ADMIN_PRODUCT_STOCK_FILTERS.map((value) => ({ value, label: STOCK_LABELS[value] })),
          ]}
        />
        <FilterSelect
          name="sale"
          label="Sale price"
          defaultValue={filters.sale}
          options={[
            { value: "", label: "On sale or not" },
            { value: "true", label: "On sale" },
            { value: "false", label: "Not on sale" },
          ]}
        />
        <FilterSelect
          name="sort"
          label="Order"
          defaultValue={filters.sort}
          options={ADMIN_PRODUCT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      <BulkRefusals answer={answer} labelOf={nameOf} />
      {products.length === 0 ? (
        <p>No products match these filters.</p>
      ) : (
        <Form method="post" key={pageKey} aria-label="Products on this page">
          <BulkActionBar legend="With the ticked products:">
            <Button kind="secondary" name="intent" value="publish">
              Publish
            </Button>
            <Button kind="secondary" name="intent" value="unpublish">
              Unpublish
            </Button>
            <Button kind="secondary" name="intent" value="archive">
              Archive
            </Button>
            {showsArchived ? (
              <Button kind="secondary" name="intent" value="unarchive">
                Bring back from the archive
              </Button>
            ) : null}
          </BulkActionBar>
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Products, {SORT_LABELS[filters.sort].toLowerCase()}</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <TickAllCell name="productId" label="Tick every product on this page" />
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
                    <TickCell name="productId" value={product.id} label={`Tick ${product.name}`} />
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
        </Form>
      )}
      <nav aria-label="Pages of products" className="mt-4 flex gap-4">
        {firstPage ? <Link to={firstPage}>{filters.sort === "newest" ? "Newest products" : "First page"}</Link> : null}
        {nextPage ? <Link to={nextPage}>{filters.sort === "newest" ? "Older products" : "Next page"}</Link> : null}
      </nav>
    </>
  );
}
