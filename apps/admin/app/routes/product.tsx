import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product";
import { Checkbox, CheckboxGroup, ProductStatus, TextArea, TextInput } from "~/components/products-fields";
import { ProductImages } from "~/components/products-images";
import { AddVariantCard, VariantCard } from "~/components/products-variants";
import { Button, ButtonLink, Card, ErrorSummary, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { getEnv } from "~/lib/env.server";
import { formatDateTime } from "~/lib/format";
import {
  addVariant,
  moveImage,
  removeImage,
  saveDetails,
  saveImageAlt,
  savePrices,
  saveRelated,
  saveTierPrices,
  saveVariant,
  tooLargeUpload,
  uploadImage,
} from "~/lib/products-actions.server";
import { productChoices } from "~/lib/products-choices.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.product.name ?? "Product"} · Quire back office` }];

const ProductIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

function productIdOf(params: { id?: string }): number {
  const parsed = ProductIdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const id = productIdOf(params);
  const { data: product } = await pageRead(request, api.call("getAdminProduct", { params: { id } }));
  const [images, choices, related] = await Promise.all([
    pageRead(request, api.call("listProductImages", { params: { id } })),
    productChoices(request, api),
    // The related products by name; one deleted since is left out.
    Promise.allSettled(product.relatedProductIds.map((relatedId) => api.call("getAdminProduct", { params: { id: relatedId } }))),
  ]);
  return {
    product,
    images: images.data.images,
    ...choices,
    related: related.flatMap((answer) =>
      answer.status === "fulfilled"
        ? [{ id: answer.value.data.id, name: answer.value.data.name, sku: answer.value.data.variants[0]?.sku ?? "" }]
        : [],
    ),
    shopUrl: `${getEnv().STOREFRONT_URL}/store/product/${encodeURIComponent(product.slug)}`,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = productIdOf(params);
  // An upload's form is read whole (request.formData()): one announced above the API's limit is refused unread.
  const tooLarge = tooLargeUpload(request);
  if (tooLarge) return tooLarge;
  const form = await request.formData();
  const { data: product } = await pageRead(request, api.call("getAdminProduct", { params: { id } }));
  const { currencies } = await productChoices(request, api);
  const input = { request, api, product, form, currencies };
  switch (form.get("intent")) {
    case "save":
      return saveDetails(input);
    case "variant":
      return saveVariant(input);
    case "prices":
      return savePrices(input);
    case "tiers":
      return saveTierPrices(input);
    case "add-variant":
      return addVariant(input);
    case "related":
      return saveRelated(input);
    case "upload":
      return uploadImage(input);
    case "image-alt":
      return saveImageAlt(input);
    case "image-up":
      return moveImage(input, -1);
    case "image-down":
      return moveImage(input, 1);
    case "image-remove":
      return removeImage(input);
    case "preview": {
      // A signed link to the product's page in the shop, published or not (nothing is stored; the audit log says who).
      const { data: link } = await api.call("createAdminProductPreviewLink", { params: { id } });
      return { preview: link };
    }
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

/** What the product's mark says to a buyer who would withdraw (decision 061); none: they may. */
const EXEMPTION_OPTIONS = [
  { value: "", label: "Buyers may withdraw from it" },
  { value: "personalised", label: "Not withdrawable: made to the buyer's wishes" },
  { value: "sealed_hygiene", label: "Not withdrawable once unsealed: sealed for health or hygiene" },
  { value: "sealed_recording", label: "Not withdrawable once unsealed: a sealed recording or software" },
];

export default function ProductPage() {
  const { product, images, categories, addons, currencies, related, shopUrl } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal = answer && "errors" in answer ? answer : undefined;
  const preview = answer && "preview" in answer ? answer.preview : undefined;
  const errors = refusal?.errors;
  const typed = refusal?.values ?? {};
  const value = (name: string, fallback: string) => typed[name] ?? fallback;
  return (
    <>
      <PageHeader title={product.name}>
        <ProductStatus isPublished={product.isPublished} archivedAt={product.archivedAt} />
        {product.isPublished && !product.archivedAt ? (
          <ButtonLink href={shopUrl}>View in shop</ButtonLink>
        ) : (
          <Form method="post">
            <Button kind="secondary" name="intent" value="preview">
              Preview in shop
            </Button>
          </Form>
        )}
      </PageHeader>
      {preview ? (
        <p role="status" className="-mt-4 mb-4 text-sm">
          <a href={preview.url} target="_blank" rel="noreferrer">
            Open the preview<span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          <span className="text-zinc-600">
            · the product&apos;s page as the shop will show it, for whoever has the link, until {formatDateTime(preview.expiresAt)}
          </span>
        </p>
      ) : null}
      <p className="-mt-4 mb-4 text-sm text-zinc-600">
        <Link to="/products">All products</Link> · <Link to={`/products/${product.id}/safety`}>Product safety information</Link>
        {product.safety ? "" : " (none yet)"} · Added {formatDateTime(product.createdAt)}
        {product.archivedAt ? ` · Archived ${formatDateTime(product.archivedAt)}` : ""}
      </p>
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-4">
          <Card title="Details">
            <Form method="post" className="flex flex-col gap-3">
              <TextInput
                id="name"
                name="name"
                label="Name"
                required
                maxLength={200}
                errors={errors}
                defaultValue={value("name", product.name)}
              />
              <TextInput
                id="slug"
                name="slug"
                label="Slug"
                hint="The end of its address in the shop; a new one keeps the old address leading here"
                required
                maxLength={200}
                errors={errors}
                defaultValue={value("slug", product.slug)}
              />
              <TextInput
                id="subtitle"
                name="subtitle"
                label="Subtitle (optional)"
                maxLength={300}
                errors={errors}
                defaultValue={value("subtitle", product.subtitle)}
              />
              <TextArea
                id="description"
                name="description"
                label="Description"
                rows={6}
                maxLength={20_000}
                errors={errors}
                defaultValue={value("description", product.description)}
              />
              <Checkbox
                id="isPublished"
                name="isPublished"
                label="Published in the shop"
                hint={product.archivedAt ? "An archived product cannot be published: unarchive it first." : undefined}
                defaultChecked={refusal?.form === "details" ? typed.isPublished === "on" : product.isPublished}
              />
              <SelectField
                name="withdrawalExemption"
                label="Withdrawal"
                hint="Whether buyers may withdraw from an order of it within the withdrawal period"
                options={EXEMPTION_OPTIONS}
                defaultValue={value("withdrawalExemption", product.withdrawalExemption ?? "")}
                errors={errors}
              />
              <div className="grid gap-4 md:grid-cols-2">
                <CheckboxGroup
                  id="categoryIds"
                  name="categoryIds"
                  legend="Categories"
                  options={categories}
                  checked={product.categoryIds}
                  errors={errors}
                  empty="The shop has no categories yet."
                />
                <CheckboxGroup
                  id="addonIds"
                  name="addonIds"
                  legend="Add-ons offered with it"
                  options={addons}
                  checked={product.addonIds}
                  errors={errors}
                  empty="The shop has no add-ons yet."
                />
              </div>
              <h3 className="text-sm font-semibold">Search engines</h3>
              <TextInput
                id="seoTitle"
                name="seoTitle"
                label="Page title (optional)"
                hint="Up to 70 characters; the product's name when empty"
                maxLength={70}
                errors={errors}
                defaultValue={value("seoTitle", product.seoTitle)}
              />
              <TextArea
                id="seoDescription"
                name="seoDescription"
                label="Page description (optional)"
                hint="Up to 320 characters; the description's start when empty"
                maxLength={320}
                errors={errors}
                defaultValue={value("seoDescription", product.seoDescription)}
              />
              <div>
                <Button name="intent" value="save">
                  Save product
                </Button>
              </div>
            </Form>
          </Card>
          <h2 className="text-lg font-semibold">Variants</h2>
          {product.variants.map((variant) => (
            <VariantCard key={variant.id} variant={variant} currencies={currencies} errors={errors} typed={typed} />
          ))}
          <AddVariantCard key={product.variants.length} currencies={currencies} errors={errors} typed={typed} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <ProductImages images={images} errors={errors} typed={typed} />
          <Card title="Related products">
            {related.length === 0 ? (
              <p className="mb-2 text-sm">None chosen: the shop shows similar books.</p>
            ) : (
              <ol className="mb-2 list-decimal pl-5 text-sm">
                {related.map((item) => (
                  <li key={item.id}>
                    <Link to={`/products/${item.id}`}>{item.name}</Link>{" "}
                    <span className="text-zinc-600">({item.sku || `id ${item.id}`})</span>
                  </li>
                ))}
              </ol>
            )}
            <Form method="post" className="flex flex-col gap-3">
              <TextArea
                id="related-productIds"
                name="productIds"
                label="Related products, in order"
                hint="Each one's SKU or product id, separated by spaces, commas or lines; empty for none"
                rows={3}
                errors={errors}
                defaultValue={value("related-productIds", related.map((item) => item.sku || String(item.id)).join("\n"))}
              />
              <div>
                <Button kind="secondary" name="intent" value="related">
                  Save related products
                </Button>
              </div>
            </Form>
          </Card>
          <Card title="Archive or delete">
            {product.archivedAt ? (
              <p className="mb-3 text-sm">Archived: out of the shop and the product list, kept for its orders.</p>
            ) : (
              <p className="mb-3 text-sm">
                Archiving takes it out of the shop and the list and keeps it for its orders. Only a product never ordered can be deleted.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {product.archivedAt ? (
                <ButtonLink href={`/products/${product.id}/unarchive`}>Unarchive…</ButtonLink>
              ) : (
                <ButtonLink href={`/products/${product.id}/archive`}>Archive…</ButtonLink>
              )}
              <ButtonLink href={`/products/${product.id}/delete`}>Delete…</ButtonLink>
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}
