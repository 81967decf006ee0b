import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import {
  createAttributeFlow,
  createAttributeValueFlow,
  createCategoryFlow,
  createProductTypeFlow,
  createProductFlow,
  deleteProductFlow,
  setProductArchivedFlow,
  setRelatedProductsFlow,
  addVariantFlow,
  setVariantPricesFlow,
  setVariantTierPricesFlow,
  updateAttributeFlow,
  updateAttributeValueFlow,
  updateCategoryFlow,
  updateProductFlow,
  updateVariantFlow,
  createProductPreviewLinkFlow,
} from "../../flows/catalogue-admin.flow";
import { bulkProductActionFlow } from "../../flows/bulk-product-actions.flow";
import { bulkEditVariantsFlow } from "../../flows/bulk-variant-edit.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import {
  listAdminAttributes,
  listAdminAttributeValues,
  listAdminCategories,
  listAdminProducts,
  listAdminProductTypes,
  requireAdminAttribute,
  requireAdminProduct,
} from "./catalog-admin.service";

/** The merchant's catalogue (admin API, permission `catalogue`, decision 047): products, variants, prices. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ db: Db; previewSecret: string; storefrontUrl: string }> = async (
  app,
  { db, previewSecret, storefrontUrl },
) => {
  const { config, schema, errors } = adminAccess("catalogue");
  // Each write records its audit entry inside its own transaction, with the changed fields.
  const writeConfig = { ...config, auditedInService: true };
  const referenceErrors = [
    "product_type_not_found",
    "category_not_found",
    "attribute_value_not_found",
    "addon_not_found",
    "currency_not_supported",
  ] as const;

  app.route({
    ...operationRoute("listAdminProducts", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "conflicting_parameters"],
        summary: "The store's products, published or not, newest first or in the order asked, in keyset pages",
      },
    }),
    handler: async (request) => ({
      data: await listAdminProducts(db, request.ctx.store.id, request.query, request.ctx.store.lowStockThreshold),
    }),
  });

  app.route({
    ...operationRoute("getAdminProduct", {
      config,
      schema: { ...schema, "x-error-codes": [...errors, "product_not_found"], summary: "A product with its variants and their prices" },
    }),
    handler: async (request) => ({ data: await requireAdminProduct(db, request.ctx.store.id, request.params.id) }),
  });

  app.route({
    ...operationRoute("createAdminProductPreviewLink", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "product_not_found"],
        summary: "A link that shows the product's page in the shop, published or a draft, for a week, to whoever has it",
      },
    }),
    handler: async (request) => ({
      data: await createProductPreviewLinkFlow(db, adminWriteOf(request), { secret: previewSecret, storefrontUrl }, request.params.id),
    }),
  });

  app.route({
    ...operationRoute("createAdminProduct", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [
          ...errors,
          ...referenceErrors,
          "product_slug_taken",
          "sku_taken",
          "isbn_taken",
          "idempotency_key_reused",
          "idempotency_request_in_flight",
        ],
        summary: "Create a product with its variants and prices (unpublished unless said)",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createProductFlow(db, adminWriteOf(request), request.ctx.store, request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminProduct", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, ...referenceErrors, "product_not_found", "product_slug_taken", "product_archived"],
        summary: "Change a product's fields, publish or unpublish it; a new slug keeps the old address as a 301",
      },
    }),
    handler: async (request) => ({
      data: await updateProductFlow(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body),
    }),
  });

  app.route({
    ...operationRoute("archiveAdminProduct", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "product_not_found"],
        summary: "Archive a product: out of the shop and the product list, kept for its orders, not publishable until unarchived",
      },
    }),
    handler: async (request) => ({
      data: await setProductArchivedFlow(db, adminWriteOf(request), request.ctx.store.id, request.params.id, true),
    }),
  });

  app.route({
    ...operationRoute("unarchiveAdminProduct", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...errors, "product_not_found"], summary: "Bring an archived product back, unpublished" },
    }),
    handler: async (request) => ({
      data: await setProductArchivedFlow(db, adminWriteOf(request), request.ctx.store.id, request.params.id, false),
    }),
  });

  app.route({
    ...operationRoute("bulkAdminProducts", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "Publish, unpublish, archive or bring back up to 200 products at once",
        description:
          "Each product is changed on its own, in one transaction, through the same path as the single call (PUT /admin/products/:id " +
          "with isPublished, or its archive and unarchive calls), with its audit entry; the answer lists each product's outcome in the " +
          "order sent: `ok: true` (also when it already was so), or `ok: false` with its errors (product_not_found, product_archived). " +
          "A refused product changes nothing; the others stand.",
      },
    }),
    handler: async (request) => ({
      data: {
        results: await bulkProductActionFlow(db, adminWriteOf(request), request.ctx.store, request.body.action, request.body.productIds),
      },
    }),
  });

  app.route({
    ...operationRoute("deleteAdminProduct", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "product_not_found", "product_ordered"],
        summary: "Delete a product that was never ordered, freeing its slug; an ordered one is archived instead",
      },
    }),
    handler: async (request, reply) => {
      await deleteProductFlow(db, adminWriteOf(request), request.ctx.store.id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("setAdminRelatedProducts", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "product_not_found"],
        summary: "Set the products the shop recommends with a product, in order, before similar books fill the rest",
      },
    }),
    handler: async (request) => ({
      data: await setRelatedProductsFlow(db, adminWriteOf(request), request.params.id, request.body.productIds),
    }),
  });

  app.route({
    ...operationRoute("addAdminVariant", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "product_not_found", "sku_taken", "isbn_taken", "currency_not_supported"],
        summary: "Add a variant to a product, with its prices and stock",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await addVariantFlow(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminVariant", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "variant_not_found", "sku_taken", "isbn_taken"],
        summary: "Change a variant's SKU, ISBN, name or options",
      },
    }),
    handler: async (request) => ({ data: await updateVariantFlow(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("setAdminVariantTierPrices", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "variant_not_found", "currency_not_supported"],
        summary: "Set a variant's quantity breaks in the currencies sent (an empty list: none)",
      },
    }),
    handler: async (request) => ({
      data: await setVariantTierPricesFlow(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body.tierPrices),
    }),
  });

  app.route({
    ...operationRoute("bulkEditAdminVariants", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "Change up to 200 variants at once: prices (with a sale's original), stock count, their product published or not",
        description:
          "Permission `catalogue` for every row, a stock-only row too (decision 047's amendment). Each row is applied on its own, in one " +
          "transaction, through the same paths as the single calls (stock recorded with the reason bulk_edit); the answer lists each " +
          "row's outcome in the order sent: `ok: true`, or `ok: false` with its errors (variant_not_found, currency_not_supported, " +
          "product_archived...). A refused row changes nothing; the others stand.",
      },
    }),
    handler: async (request) => ({
      data: { results: await bulkEditVariantsFlow(db, adminWriteOf(request), request.ctx.store, request.body.rows) },
    }),
  });

  app.route({
    ...operationRoute("setAdminVariantPrices", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "variant_not_found", "currency_not_supported"],
        summary: "Set a variant's prices in the currencies sent, with the original price of a sale",
      },
    }),
    handler: async (request) => ({
      data: await setVariantPricesFlow(db, adminWriteOf(request), request.ctx.store, request.params.id, request.body.prices),
    }),
  });

  app.route({
    ...operationRoute("listAdminCategories", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's category tree, hidden categories included" },
    }),
    handler: async (request) => ({ data: await listAdminCategories(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("listAdminProductTypes", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's product types, by name, with how many products each has" },
    }),
    handler: async (request) => ({ data: await listAdminProductTypes(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("createAdminProductType", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "product_type_code_taken"],
        summary: "Make a product type (a shop makes its first before its first product)",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createProductTypeFlow(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("createAdminCategory", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [
          ...errors,
          "category_not_found",
          "category_slug_taken",
          "idempotency_key_reused",
          "idempotency_request_in_flight",
        ],
        summary: "Create a category, at the top level or under a parent",
      },
    }),
    handler: async (request, reply) => reply.status(201).send({ data: await createCategoryFlow(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminCategory", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "category_not_found", "category_slug_taken", "category_cycle"],
        summary: "Rename, move (with everything under it), reorder, hide or show a category; a new slug keeps the old address as a 301",
      },
    }),
    handler: async (request) => ({ data: await updateCategoryFlow(db, adminWriteOf(request), request.params.id, request.body) }),
  });
  app.route({
    ...operationRoute("listAdminAttributes", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's attributes (the shop's filters), in their order" },
    }),
    handler: async (request) => ({ data: { attributes: await listAdminAttributes(db, request.ctx.store.id) } }),
  });

  app.route({
    ...operationRoute("createAdminAttribute", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "attribute_code_taken", "idempotency_key_reused", "idempotency_request_in_flight"],
        summary: "Create an attribute: a filter of the shop once products have its values",
      },
    }),
    handler: async (request, reply) => reply.status(201).send({ data: await createAttributeFlow(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminAttribute", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "attribute_not_found"],
        summary: "Rename, reorder or hide an attribute from the filters; its products are indexed again",
      },
    }),
    handler: async (request) => ({ data: await updateAttributeFlow(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("listAdminAttributeValues", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "attribute_not_found"],
        summary: "An attribute's values with how many products have each, in keyset pages",
      },
    }),
    handler: async (request) => {
      await requireAdminAttribute(db, request.ctx.store.id, request.params.id);
      return { data: await listAdminAttributeValues(db, request.params.id, request.query) };
    },
  });

  app.route({
    ...operationRoute("createAdminAttributeValue", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [
          ...errors,
          "attribute_not_found",
          "attribute_value_code_taken",
          "idempotency_key_reused",
          "idempotency_request_in_flight",
        ],
        summary: "Add a value to an attribute (an author, a format)",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createAttributeValueFlow(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminAttributeValue", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "attribute_value_not_found"],
        summary: "Relabel or reorder a value; every product with it shows and is searched by the new label within seconds",
      },
    }),
    handler: async (request) => ({ data: await updateAttributeValueFlow(db, adminWriteOf(request), request.params.id, request.body) }),
  });
};
