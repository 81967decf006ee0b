import { SkuSchema, SlugSchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product-new";
import { Checkbox, CheckboxGroup, TextArea, TextInput } from "~/components/products-fields";
import { Button, Card, ErrorSummary, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithMessage } from "~/lib/forms.server";
import { productChoices } from "~/lib/products-choices.server";
import { CheckboxField, handleProductForm, IdListField, OptionalMoneyField } from "~/lib/products-forms.server";

export const meta: Route.MetaFunction = () => [{ title: "New product · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [choices, { data: productTypes }] = await Promise.all([
    productChoices(request, api),
    pageRead(request, api.call("listAdminProductTypes")),
  ]);
  // The type most products have is offered first (a book, in a bookshop).
  const byUse = [...productTypes].sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name));
  return { ...choices, productTypes: byUse.map(({ id, name }) => ({ value: String(id), label: name })), createKey: randomUUID() };
}

/** The form's fields, with a price field per currency the store sells in (`price-GBP`). */
function newProductForm(currencies: readonly string[]) {
  const prices = Object.fromEntries(currencies.map((code) => [`price-${code}`, OptionalMoneyField]));
  return z
    .object({
      name: z.string().trim().min(1, "Enter the product's name").max(200),
      slug: SlugSchema,
      productTypeId: z.coerce.number({ error: "Choose the product's type" }).int().min(1, "Choose the product's type").max(2_147_483_647),
      description: z.string().trim().max(20_000).optional(),
      isPublished: CheckboxField,
      categoryIds: IdListField.max(20),
      addonIds: IdListField.max(20),
      seoTitle: z.string().trim().max(70).optional(),
      seoDescription: z.string().trim().max(320).optional(),
      sku: SkuSchema,
      isbn: z
        .string()
        .trim()
        .optional()
        .refine((isbn) => !isbn || /^97[89][0-9]{10}$/.test(isbn), "An ISBN-13 is 13 digits starting 978 or 979"),
      variantName: z.string().trim().min(1, "Name the variant, such as Hardback").max(200),
      stockQuantity: z.coerce.number().int("Enter a whole number").min(0).max(1_000_000),
      createKey: z.string().uuid(),
      ...prices,
    })
    .refine((form) => currencies.some((code) => (form as Record<string, unknown>)[`price-${code}`] !== undefined), {
      message: "Give a price in at least one currency",
      path: [`price-${currencies[0]}`],
    });
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const { currencies } = await productChoices(request, api);
  const values = {
    ...Object.fromEntries([...form].filter(([, value]) => typeof value === "string")),
    categoryIds: form.getAll("categoryIds"),
    addonIds: form.getAll("addonIds"),
  };
  return handleProductForm(
    values,
    newProductForm(currencies),
    {
      form: "new",
      renewKey: "createKey",
      rename: {
        "variants.0.sku": "sku",
        "variants.0.isbn": "isbn",
        "variants.0.name": "variantName",
        "variants.0.prices": `price-${currencies[0]}`,
        "variants.0.stockQuantity": "stockQuantity",
      },
    },
    async (input) => {
      const prices: Record<string, { amount: number }> = {};
      for (const code of currencies) {
        const amount = (input as Record<string, unknown>)[`price-${code}`];
        if (typeof amount === "number") prices[code] = { amount };
      }
      const { data: product } = await api.call("createAdminProduct", {
        headers: { "idempotency-key": input.createKey },
        body: {
          name: input.name,
          slug: input.slug,
          productTypeId: input.productTypeId,
          isPublished: input.isPublished,
          categoryIds: input.categoryIds,
          addonIds: input.addonIds,
          ...(input.description ? { description: input.description } : {}),
          ...(input.seoTitle ? { seoTitle: input.seoTitle } : {}),
          ...(input.seoDescription ? { seoDescription: input.seoDescription } : {}),
          variants: [
            {
              sku: input.sku,
              name: input.variantName,
              stockQuantity: input.stockQuantity,
              prices,
              ...(input.isbn ? { isbn: input.isbn } : {}),
            },
          ],
        },
      });
      return redirectWithMessage(request, `/products/${product.id}`, `Product ${product.name} created.`);
    },
  );
}

export default function NewProduct() {
  const { categories, addons, currencies, productTypes, createKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const typed = refusal?.values ?? {};
  return (
    <>
      <PageHeader title="New product" />
      <ErrorSummary errors={errors} />
      {productTypes.length > 0 ? null : (
        <p className="mb-4">
          Every product is of a type, and the shop has none yet: <Link to="/product-types">make a product type</Link> first.
        </p>
      )}
      <Form method="post" className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <input type="hidden" name="createKey" value={typed.createKey ?? createKey} />
        <div className="flex flex-col gap-4">
          <Card title="Details">
            <div className="flex flex-col gap-3">
              <TextInput id="name" name="name" label="Name" required maxLength={200} errors={errors} defaultValue={typed.name} />
              {productTypes.length > 0 ? (
                <SelectField
                  name="productTypeId"
                  label="Product type"
                  options={productTypes}
                  defaultValue={typed.productTypeId}
                  errors={errors}
                />
              ) : null}
              <TextInput
                id="slug"
                name="slug"
                label="Slug"
                hint="The end of its address in the shop: lower-case letters, digits and dashes, such as the-secret-garden"
                required
                maxLength={200}
                errors={errors}
                defaultValue={typed.slug}
              />
              <TextArea
                id="description"
                name="description"
                label="Description"
                rows={6}
                maxLength={20_000}
                errors={errors}
                defaultValue={typed.description}
              />
            </div>
          </Card>
          <Card title="First variant">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput id="sku" name="sku" label="SKU" required maxLength={64} errors={errors} defaultValue={typed.sku} />
              <TextInput
                id="isbn"
                name="isbn"
                label="ISBN (optional)"
                inputMode="numeric"
                maxLength={13}
                errors={errors}
                defaultValue={typed.isbn}
              />
              <TextInput
                id="variantName"
                name="variantName"
                label="Variant name"
                hint="Such as Hardback"
                required
                maxLength={200}
                errors={errors}
                defaultValue={typed.variantName ?? "Standard"}
              />
              <TextInput
                id="stockQuantity"
                name="stockQuantity"
                label="Stock"
                inputMode="numeric"
                required
                errors={errors}
                defaultValue={typed.stockQuantity ?? "0"}
              />
              {currencies.map((code, index) => (
                <TextInput
                  key={code}
                  id={`price-${code}`}
                  name={`price-${code}`}
                  label={`Price (${code})${index === 0 ? "" : " (optional)"}`}
                  hint={index === 0 ? "Such as 12.50" : undefined}
                  inputMode="decimal"
                  required={index === 0}
                  errors={errors}
                  defaultValue={typed[`price-${code}`]}
                />
              ))}
            </div>
          </Card>
          <Card title="Search engines">
            <div className="flex flex-col gap-3">
              <TextInput
                id="seoTitle"
                name="seoTitle"
                label="Page title (optional)"
                hint="Up to 70 characters; the product's name when empty"
                maxLength={70}
                errors={errors}
                defaultValue={typed.seoTitle}
              />
              <TextArea
                id="seoDescription"
                name="seoDescription"
                label="Page description (optional)"
                hint="Up to 320 characters; the description's start when empty"
                maxLength={320}
                errors={errors}
                defaultValue={typed.seoDescription}
              />
            </div>
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card title="Publishing">
            <Checkbox id="isPublished" name="isPublished" label="Published in the shop" defaultChecked={typed.isPublished === "on"} />
          </Card>
          <Card title="Categories">
            <CheckboxGroup
              id="categoryIds"
              name="categoryIds"
              legend="The product's categories"
              options={categories}
              checked={[]}
              errors={errors}
              empty="The shop has no categories yet."
            />
          </Card>
          <Card title="Add-ons">
            <CheckboxGroup
              id="addonIds"
              name="addonIds"
              legend="Add-ons offered with it"
              options={addons}
              checked={[]}
              errors={errors}
              empty="The shop has no add-ons yet."
            />
          </Card>
          <div>
            <Button>Create product</Button>
          </div>
        </div>
      </Form>
    </>
  );
}
