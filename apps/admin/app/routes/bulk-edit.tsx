import { toDecimalAmount } from "@quire/money";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/bulk-edit";
import { Button, ErrorSummary, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { bulkInputId, type BulkField, type BulkRowOutcome } from "~/lib/bulk-edit-fields";
import { changedRows, defaultCurrencyOf, outcomesOf } from "~/lib/bulk-edit.server";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import type { FormErrors } from "~/lib/forms.server";
import { redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Bulk edit · Quire back office" }];

/** Products per page: each is read in full for its variants, so a page stays small. */
const PRODUCTS_PER_PAGE = 20;

/** The list's filters from the address: a search (name, slug or SKU) and the keyset page. */
function filtersOf(url: URL) {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const before = url.searchParams.get("before");
  return {
    search,
    before: before && /^\d{1,10}$/.test(before) && Number(before) >= 1 && Number(before) <= 2_147_483_647 ? Number(before) : undefined,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const { search, before } = filtersOf(url);
  const { data: list } = await pageRead(
    request,
    api.call("listAdminProducts", { query: { limit: PRODUCTS_PER_PAGE, before, ...(search ? { search } : {}) } }),
  );
  const products = await pageRead(
    request,
    Promise.all(list.products.map((product) => api.call("getAdminProduct", { params: { id: product.id } }))),
  );
  const priced = products.flatMap(({ data: product }) => product.variants.flatMap((variant) => Object.keys(variant.prices)));
  const currencyCode = await pageRead(request, defaultCurrencyOf(api, priced[0] ?? "GBP"));
  const rows = products.flatMap(({ data: product }) =>
    product.variants.map((variant, index) => {
      const price = variant.prices[currencyCode];
      const onSale = price?.original !== null && price?.original !== undefined;
      return {
        variantId: variant.id,
        sku: variant.sku,
        productName: product.name,
        variantName: variant.name,
        // The product's published state is edited on its first variant's row (it is the product's, for all of them).
        firstOfProduct: index === 0,
        price: price ? toDecimalAmount(onSale ? price.original! : price.amount) : "",
        sale: price && onSale ? toDecimalAmount(price.amount) : "",
        stock: String(variant.stockQuantity),
        published: product.isPublished,
        archived: product.archivedAt !== null,
      };
    }),
  );
  const keep = new URLSearchParams(search ? { search } : {});
  return {
    currencyCode,
    rows,
    search,
    nextPage: list.nextBefore ? `?${new URLSearchParams([...keep, ["before", String(list.nextBefore)]])}` : null,
    firstPage: before ? `?${keep}` : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  if (form.get("intent") !== "save") throw new Response("Unknown action", { status: 400 });
  const url = new URL(request.url);
  // The grid's currency, as the page said it (a role that cannot read the settings keeps the page's).
  const shown = form.get("currencyCode");
  const { send, refused } = changedRows(
    form,
    await defaultCurrencyOf(api, typeof shown === "string" && /^[A-Z]{3}$/.test(shown) ? shown : "GBP"),
  );
  if (send.length === 0 && refused.size === 0) return redirectWithMessage(request, url.pathname + url.search, "Nothing was changed.");
  // The changed rows go in one request; the API answers each row on its own.
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  let saved = new Map<number, BulkRowOutcome>();
  try {
    if (send.length > 0) saved = outcomesOf((await api.call("bulkEditAdminVariants", { body: { rows: send } })).data.results);
  } catch (error) {
    // The whole request refused (a role without `catalogue`, the API away): nothing was saved, what was typed stays.
    if (!(error instanceof ApiRequestError) || (error.status >= 500 && error.status !== 503)) throw error;
    const unsent = Object.fromEntries([
      ...refused,
      ...send.map((row) => [row.variantId, { saved: false, messages: [], fields: [] }] as const),
    ]);
    return data(
      { outcomes: unsent, values, errors: { fields: {}, form: [`Nothing was saved: ${error.message}`] } satisfies FormErrors },
      { status: error.status },
    );
  }
  const outcomes = new Map([...refused, ...saved]);
  const failed = [...outcomes].filter(([, outcome]) => !outcome.saved);
  const savedCount = outcomes.size - failed.length;
  if (failed.length === 0)
    return redirectWithMessage(request, url.pathname + url.search, `${savedCount} ${savedCount === 1 ? "variant" : "variants"} saved.`);
  const errors: FormErrors = { fields: {}, form: [] };
  for (const [variantId, outcome] of failed) {
    if (outcome.saved) continue;
    const sku = form.get(`rows[${variantId}].sku`);
    errors.fields[bulkInputId(variantId, outcome.fields[0] ?? "price")] =
      `${typeof sku === "string" ? sku : `Variant ${variantId}`}: ${outcome.messages.join(" ")}`;
  }
  if (savedCount > 0)
    errors.form.push(`${savedCount} ${savedCount === 1 ? "variant was" : "variants were"} saved; the rows marked below were not.`);
  // Some rows saved: a 200, so the page's figures are read again; none saved: a refusal.
  return data({ outcomes: Object.fromEntries(outcomes), values, errors }, { status: savedCount > 0 ? 200 : 400 });
}

const inputClass = "w-24 rounded-md border bg-white px-2 py-1 text-right text-sm";

export default function BulkEdit() {
  const { currencyCode, rows, search, nextPage, firstPage } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const outcomes: Record<string, BulkRowOutcome> = answer?.outcomes ?? {};
  const typed = answer?.values ?? {};
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/products">Products</Link>
      </p>
      <PageHeader title="Bulk edit" />
      <Form method="get" role="search" aria-label="Filter the variants" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="search" className="text-sm font-medium">
            Name, slug or SKU
          </label>
          <input
            id="search"
            name="search"
            type="search"
            defaultValue={search}
            maxLength={100}
            className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      <ErrorSummary errors={answer?.errors} title="Some changes were not saved:" />
      {rows.length === 0 ? (
        <p>No products match this search.</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="currencyCode" value={currencyCode} />
          <p className="mb-3 text-sm text-zinc-700">
            Prices in {currencyCode}. A sale price shows the price struck through; leave it empty for no sale. Only the rows you change are
            saved.
          </p>
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Variants, with their price, sale price, stock and whether their product is published</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    SKU
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Product
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Price ({currencyCode})
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Sale price ({currencyCode})
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Stock
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Published
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Result
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const outcome = outcomes[String(row.variantId)];
                  const refusal = outcome && !outcome.saved ? outcome : null;
                  const name = (field: string) => `rows[${row.variantId}].${field}`;
                  // A refused row keeps what was typed; the others show what the API holds now.
                  const shown = (field: BulkField, current: string) => (refusal ? (typed[name(field)] ?? "") : current);
                  const resultId = `row-${row.variantId}-result`;
                  const input = (field: "price" | "sale" | "stock", label: string) => {
                    const invalid = refusal?.fields.includes(field) ?? false;
                    return (
                      <td className="px-3 py-2">
                        <label htmlFor={bulkInputId(row.variantId, field)} className="sr-only">
                          {label} of {row.sku}
                        </label>
                        <input
                          id={bulkInputId(row.variantId, field)}
                          name={name(field)}
                          defaultValue={shown(field, row[field])}
                          inputMode={field === "stock" ? "numeric" : "decimal"}
                          maxLength={field === "stock" ? 8 : 15}
                          aria-invalid={invalid ? true : undefined}
                          aria-describedby={refusal ? resultId : undefined}
                          className={`${inputClass} ${invalid ? "border-red-700" : "border-zinc-500"}`}
                        />
                      </td>
                    );
                  };
                  return (
                    <tr
                      key={`${row.variantId}-${row.price}-${row.sale}-${row.stock}-${row.published}`}
                      className="border-b border-zinc-100 align-top last:border-0"
                    >
                      <th scope="row" className="px-3 py-2 font-medium">
                        <Link to={`/stock/variants/${row.variantId}`}>{row.sku}</Link>
                        <input type="hidden" name={name("sku")} value={row.sku} />
                        <input type="hidden" name={name("wasPrice")} value={row.price} />
                        <input type="hidden" name={name("wasSale")} value={row.sale} />
                        <input type="hidden" name={name("wasStock")} value={row.stock} />
                      </th>
                      <td className="px-3 py-2">
                        {row.productName}
                        {row.variantName && row.variantName !== row.productName ? (
                          <span className="block text-zinc-600">{row.variantName}</span>
                        ) : null}
                      </td>
                      {input("price", "Price")}
                      {input("sale", "Sale price")}
                      {input("stock", "Stock")}
                      <td className="px-3 py-2">
                        {row.firstOfProduct ? (
                          <>
                            <input type="hidden" name={name("wasPublished")} value={String(row.published)} />
                            <label className="inline-flex items-center gap-2">
                              <input
                                type="checkbox"
                                id={bulkInputId(row.variantId, "published")}
                                name={name("published")}
                                defaultChecked={refusal ? typed[name("published")] === "on" : row.published}
                                aria-describedby={refusal ? resultId : undefined}
                                className="size-4"
                              />
                              <span className="sr-only">{row.productName} is published</span>
                              {row.archived ? <span className="text-zinc-600">Archived</span> : null}
                            </label>
                          </>
                        ) : (
                          <span className="text-zinc-600">As above</span>
                        )}
                      </td>
                      <td id={resultId} className="px-3 py-2">
                        {outcome?.saved ? <span className="font-medium text-green-800">Saved</span> : null}
                        {refusal ? (
                          <span className="block max-w-xs text-red-800">
                            <span className="font-medium">Not saved{refusal.messages.length > 0 ? ": " : ""}</span>
                            {refusal.messages.join(" ")}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-4">
            <Button name="intent" value="save">
              Save changes
            </Button>
          </div>
        </Form>
      )}
      <nav aria-label="Pages of products" className="mt-4 flex gap-4">
        {firstPage !== null ? <Link to={firstPage}>First page</Link> : null}
        {nextPage ? <Link to={nextPage}>Next page</Link> : null}
      </nav>
    </>
  );
}
