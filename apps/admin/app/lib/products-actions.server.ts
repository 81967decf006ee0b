import { SkuSchema, SlugSchema, WITHDRAWAL_EXEMPTIONS, type AdminProduct } from "@quire/contracts";
import { data } from "react-router";
import { z } from "zod";
import { ApiRequestError, type AdminApi } from "./api.server";
import { redirectWithMessage } from "./forms.server";
import { isUploadTooLarge, uploadProductImage } from "./products-images.server";
import {
  CheckboxField,
  handleProductForm,
  IdListField,
  OptionalMoneyField,
  OptionsField,
  TierPricesField,
  type ProductFormRefusal,
} from "./products-forms.server";

/*
 * The product page's forms, one function each: the route's action reads the form, finds the product, and hands it
 * here by the button's `intent`. Each answers a redirect with a message, or the refusal of its own form.
 */

interface ProductAction {
  request: Request;
  api: AdminApi;
  product: AdminProduct;
  form: FormData;
  currencies: readonly string[];
}

/** The form's text fields (files aside), with the lists of checkboxes it holds as lists. */
function valuesOf(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in values)) values[name] = value;
  for (const name of lists) values[name] = form.getAll(name).filter((value) => typeof value === "string");
  return values;
}

const IsbnField = z
  .string()
  .trim()
  .optional()
  .refine((isbn) => !isbn || /^97[89][0-9]{10}$/.test(isbn), "An ISBN-13 is 13 digits starting 978 or 979");

const DetailsForm = z.object({
  name: z.string().trim().min(1, "Enter the product's name").max(200),
  slug: SlugSchema,
  subtitle: z.string().trim().max(300),
  description: z.string().trim().max(20_000),
  isPublished: CheckboxField,
  categoryIds: IdListField.max(20),
  addonIds: IdListField.max(20),
  seoTitle: z.string().trim().max(70, "Up to 70 characters"),
  seoDescription: z.string().trim().max(320, "Up to 320 characters"),
  withdrawalExemption: z
    .enum(["", ...WITHDRAWAL_EXEMPTIONS], { error: "Choose whether buyers may withdraw from it" })
    .transform((mark) => (mark === "" ? null : mark)),
});

export function saveDetails({ request, api, product, form }: ProductAction) {
  return handleProductForm(valuesOf(form, ["categoryIds", "addonIds"]), DetailsForm, { form: "details" }, async (body) => {
    await api.call("updateAdminProduct", { params: { id: product.id }, body });
    return redirectWithMessage(request, `/products/${product.id}`, `Product ${body.name} saved.`);
  });
}

const VariantForm = z.object({
  sku: SkuSchema,
  isbn: IsbnField,
  name: z.string().trim().min(1, "Name the variant, such as Hardback").max(200),
  options: OptionsField,
});

/** The variant of this product the form names (`variantId`); another product's is not found. */
function variantOf(product: AdminProduct, form: FormData) {
  const variant = product.variants.find((candidate) => String(candidate.id) === form.get("variantId"));
  if (!variant) throw new Response("Not found", { status: 404 });
  return variant;
}

export function saveVariant({ request, api, product, form }: ProductAction) {
  const variant = variantOf(product, form);
  return handleProductForm(
    valuesOf(form),
    VariantForm,
    { form: `variant-${variant.id}`, prefix: `v${variant.id}-` },
    async ({ sku, isbn, name, options }) => {
      await api.call("updateAdminVariant", { params: { id: variant.id }, body: { sku, isbn: isbn || null, name, options } });
      return redirectWithMessage(request, `/products/${product.id}`, `Variant ${sku} saved.`);
    },
  );
}

/** A price field and a "was" field per currency (`price-GBP`, `original-GBP`), each optional. */
function pricesForm(currencies: readonly string[]) {
  const fields: Record<string, typeof OptionalMoneyField> = {};
  for (const code of currencies) {
    fields[`price-${code}`] = OptionalMoneyField;
    fields[`original-${code}`] = OptionalMoneyField;
  }
  return z.object(fields).transform((form, context) => {
    const prices: Record<string, { amount: number; original?: number }> = {};
    for (const code of currencies) {
      const amount = form[`price-${code}`];
      const original = form[`original-${code}`];
      if (amount === undefined && original !== undefined) {
        context.addIssue({ code: "custom", message: `Give the sale price in ${code} too`, path: [`price-${code}`] });
      } else if (amount !== undefined && original !== undefined && original <= amount) {
        context.addIssue({
          code: "custom",
          message: "The price before the sale must be higher than the price",
          path: [`original-${code}`],
        });
      } else if (amount !== undefined) {
        prices[code] = original === undefined ? { amount } : { amount, original };
      }
    }
    if (Object.keys(prices).length === 0)
      context.addIssue({ code: "custom", message: "Give a price in at least one currency", path: [`price-${currencies[0]}`] });
    return prices;
  });
}

export function savePrices({ request, api, product, form, currencies }: ProductAction) {
  const variant = variantOf(product, form);
  return handleProductForm(
    valuesOf(form),
    pricesForm(currencies),
    { form: `prices-${variant.id}`, prefix: `v${variant.id}-`, rename: { prices: `price-${currencies[0]}` } },
    async (prices) => {
      await api.call("setAdminVariantPrices", { params: { id: variant.id }, body: { prices } });
      return redirectWithMessage(request, `/products/${product.id}`, `Prices of ${variant.sku} saved.`);
    },
  );
}

export function saveTierPrices({ request, api, product, form, currencies }: ProductAction) {
  const variant = variantOf(product, form);
  const schema = z.object(Object.fromEntries(currencies.map((code) => [`tiers-${code}`, TierPricesField])));
  return handleProductForm(
    valuesOf(form),
    schema,
    { form: `tiers-${variant.id}`, prefix: `v${variant.id}-`, rename: { tierPrices: `tiers-${currencies[0]}` } },
    async (fields) => {
      const tierPrices = Object.fromEntries(
        currencies.map((code) => [code, (fields as Record<string, { minQuantity: number; amount: number }[]>)[`tiers-${code}`] ?? []]),
      );
      await api.call("setAdminVariantTierPrices", { params: { id: variant.id }, body: { tierPrices } });
      return redirectWithMessage(request, `/products/${product.id}`, `Quantity breaks of ${variant.sku} saved.`);
    },
  );
}

function newVariantForm(currencies: readonly string[]) {
  return VariantForm.extend({
    stockQuantity: z.coerce.number().int("Enter a whole number").min(0).max(1_000_000),
    ...Object.fromEntries(currencies.map((code) => [`price-${code}`, OptionalMoneyField])),
  });
}

export function addVariant({ request, api, product, form, currencies }: ProductAction) {
  return handleProductForm(
    valuesOf(form),
    newVariantForm(currencies),
    { form: "add-variant", prefix: "new-", rename: { prices: `price-${currencies[0]}` } },
    async (input) => {
      const prices: Record<string, { amount: number }> = {};
      for (const code of currencies) {
        const amount = (input as Record<string, unknown>)[`price-${code}`];
        if (typeof amount === "number") prices[code] = { amount };
      }
      const { sku, isbn, name, options, stockQuantity } = input;
      await api.call("addAdminVariant", {
        params: { id: product.id },
        body: { sku, name, options, stockQuantity, prices, ...(isbn ? { isbn } : {}) },
      });
      return redirectWithMessage(request, `/products/${product.id}`, `Variant ${sku} added.`);
    },
  );
}

const RelatedForm = z.object({ productIds: z.string().max(2_000).optional() });

/**
 * The related products, each written as a product's id or one of its variants' SKU (looked up exactly, as the stock
 * pages do), in the order written.
 */
export function saveRelated({ request, api, product, form }: ProductAction) {
  return handleProductForm(valuesOf(form), RelatedForm, { form: "related", prefix: "related-" }, async ({ productIds }) => {
    const tokens = (productIds ?? "").split(/[\s,]+/).filter(Boolean);
    const ids: number[] = [];
    for (const token of tokens) {
      let id: number;
      if (/^\d{1,10}$/.test(token)) id = Number(token);
      else {
        const sku = SkuSchema.safeParse(token);
        if (!sku.success)
          throw new ApiRequestError(400, [
            { code: "invalid_input", message: `"${token.slice(0, 40)}" is neither a product id nor a SKU`, field: "productIds" },
          ]);
        try {
          id = (await api.call("getAdminVariantStockBySku", { params: { sku: sku.data } })).data.productId;
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 404) {
            throw new ApiRequestError(404, [
              { code: "variant_not_found", message: `No product has the SKU ${sku.data}`, field: "productIds" },
            ]);
          }
          throw error;
        }
      }
      if (!ids.includes(id)) ids.push(id);
    }
    await api.call("setAdminRelatedProducts", { params: { id: product.id }, body: { productIds: ids } });
    return redirectWithMessage(request, `/products/${product.id}`, ids.length ? `Related products saved.` : "Related products removed.");
  });
}

const AltForm = z.object({ alt: z.string().trim().min(1, "Say what the picture shows").max(300) });

/** The image of this product the form names (`imageId`), from its list. */
async function imageOf(api: AdminApi, product: AdminProduct, form: FormData) {
  const { data: list } = await api.call("listProductImages", { params: { id: product.id } });
  const index = list.images.findIndex((image) => String(image.id) === form.get("imageId"));
  if (index < 0) throw new Response("Not found", { status: 404 });
  return { images: list.images, index, image: list.images[index]! };
}

export async function saveImageAlt({ request, api, product, form }: ProductAction) {
  const { image } = await imageOf(api, product, form);
  return handleProductForm(valuesOf(form), AltForm, { form: `image-${image.id}`, prefix: `img${image.id}-` }, async (body) => {
    await api.call("updateProductImage", { params: { id: image.id }, body });
    return redirectWithMessage(request, `/products/${product.id}#pictures`, "The picture's text is saved.");
  });
}

export async function moveImage({ request, api, product, form }: ProductAction, step: -1 | 1) {
  const { images, index, image } = await imageOf(api, product, form);
  const target = index + step;
  return handleProductForm({}, z.object({}), { form: `image-${image.id}` }, async () => {
    if (target >= 0 && target < images.length) {
      const order = images.map((candidate) => candidate.id);
      [order[index], order[target]] = [order[target]!, order[index]!];
      await api.call("setProductImageOrder", { params: { id: product.id }, body: { imageIds: order } });
    }
    return redirectWithMessage(request, `/products/${product.id}#pictures`, `Picture moved ${step < 0 ? "up" : "down"}.`);
  });
}

export async function removeImage({ request, api, product, form }: ProductAction) {
  const { image } = await imageOf(api, product, form);
  return handleProductForm({}, z.object({}), { form: `image-${image.id}` }, async () => {
    await api.call("deleteProductImage", { params: { id: image.id } });
    return redirectWithMessage(request, `/products/${product.id}#pictures`, "Picture removed.");
  });
}

const UploadForm = z.object({ alt: z.string().trim().min(1, "Say what the picture shows, for people who cannot see it").max(300) });

/** The upload form's refusal when its file is missing or too large (before the API is asked). */
function uploadRefused(message: string, alt: string, status: number) {
  return data<ProductFormRefusal>(
    { form: "upload", errors: { fields: { "upload-file": message }, form: [] }, values: { "upload-alt": alt } },
    { status },
  );
}

export function tooLargeUpload(request: Request) {
  return isUploadTooLarge(request) ? uploadRefused("Choose a picture of up to 20 MB", "", 413) : null;
}

export function uploadImage({ request, product, form }: ProductAction) {
  const file = form.get("file");
  const alt = typeof form.get("alt") === "string" ? String(form.get("alt")) : "";
  if (!(file instanceof File) || file.size === 0) return uploadRefused("Choose a picture to upload", alt, 400);
  return handleProductForm(valuesOf(form), UploadForm, { form: "upload", prefix: "upload-" }, async ({ alt: text }) => {
    await uploadProductImage(request, product.id, file, text);
    return redirectWithMessage(request, `/products/${product.id}#pictures`, "Picture uploaded.");
  });
}
