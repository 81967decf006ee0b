import type { ApiErrorCode } from "@quire/contracts";
import { surrogateKeys } from "@quire/contracts/constants";
import { withSurrogateKeys } from "../../http/surrogate-keys";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import type { CountsCache } from "./catalog-counts-cache";
import type { CatalogIndex } from "./catalog-index-keeper";
import * as catalog from "./catalog.service";
import type { ProductSearch } from "./product-search";

// The catalogue calls the storefront makes: categories, products, product filters, product types, add-ons.
// `slug=` is a literal part of the storefront's paths (GET /categories/slug=:slug), so those routes are written
// with it; find-my-way prefers the static `slug=` prefix over the `:id` parameter.
export const catalogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  counts: CountsCache;
  search: ProductSearch;
  index: CatalogIndex | null;
}> = async (app, { db, counts, search, index }) => {
  const reads = { counts, search, index };
  const categories = { tags: ["Catalogue"] };
  const products = { tags: ["Catalogue"] };
  // What resolving a product selection (category, price range) answers, for GET /products and /product-filters.
  const selectionErrors: ApiErrorCode[] = ["conflicting_parameters", "invalid_price_range", "category_not_found"];

  app.route({
    ...operationRoute("getCategoryTree", {
      schema: {
        ...categories,
        summary: "The visible category tree",
      },
    }),
    // The header's navigation on every page is made of this tree and the main menu: both are named `menu`.
    handler: async (request, reply) =>
      withSurrogateKeys(reply, [surrogateKeys.menu], { nodes: await catalog.getCategoryTree(db, request.ctx) }),
  });

  app.route({
    ...operationRoute("listCategories", {
      schema: {
        ...categories,
        "x-error-codes": ["conflicting_parameters"],
        summary: "A page of categories: all, the roots (Level=root) or the children of ParentId",
      },
    }),
    handler: async (request) => ({ data: await catalog.listCategories(db, request.ctx, request.query) }),
  });

  app.route({
    ...operationRoute("listSubcategories", {
      schema: {
        ...categories,
        "x-error-codes": ["category_not_found"],
        summary: "The visible children of a category",
      },
    }),
    handler: async (request) => {
      const category = await catalog.requireCategory(db, request.ctx, { id: request.query.CategoryId });
      return { data: category.children };
    },
  });

  app.route({
    ...operationRoute("getCategoryBySlug", {
      schema: {
        ...categories,
        "x-error-codes": ["category_not_found"],
        summary: "A category by slug, with breadcrumbs and children",
      },
    }),
    handler: async (request, reply) => {
      const category = await catalog.requireCategory(db, request.ctx, { slug: request.params.slug });
      return withSurrogateKeys(reply, [surrogateKeys.category(category.id)], category);
    },
  });

  app.route({
    ...operationRoute("getCategory", {
      schema: {
        ...categories,
        "x-error-codes": ["category_not_found"],
        summary: "A category by id, with breadcrumbs and children",
      },
    }),
    handler: async (request) => ({ data: await catalog.requireCategory(db, request.ctx, { id: request.params.id }) }),
  });

  app.route({
    ...operationRoute("listProducts", {
      schema: {
        ...products,
        "x-error-codes": [...selectionErrors],
        summary: "A page of product cards: by category (with its subcategories), search, filters, price; sorted",
      },
    }),
    handler: async (request, reply) => {
      const { page, categoryId } = await catalog.listProducts(db, request.ctx, request.query, reads);
      const cards = page.results.map((card) => surrogateKeys.product(card.id));
      // A category's list is forgotten by its category; any other list (a search, the whole catalogue) by `catalog`,
      // as a product's change may bring it into the list or move it.
      const list = categoryId === null ? surrogateKeys.catalog : surrogateKeys.category(categoryId);
      return withSurrogateKeys(reply, [list, ...cards], page);
    },
  });

  app.route({
    ...operationRoute("listVariantsBySku", {
      schema: {
        ...products,
        summary: "The variants with these SKUs, for a quick order; unknown SKUs are left out",
      },
    }),
    handler: async (request) => ({ data: await catalog.listVariantsBySku(db, request.ctx, request.query.Skus) }),
  });

  app.route({
    ...operationRoute("listAnalyticsItems", {
      schema: {
        ...products,
        summary: "What the analytics data layer reports of these variants (its analytics product item)",
      },
    }),
    handler: async (request) => ({ data: await catalog.listAnalyticsItems(db, request.ctx, request.query.VariantIds) }),
  });

  app.route({
    ...operationRoute("getVariant", {
      schema: {
        ...products,
        "x-error-codes": ["variant_not_found"],
        summary: "A variant by id with its product's card",
      },
    }),
    handler: async (request) => ({ data: await catalog.requireVariantWithProduct(db, request.ctx, request.params.id) }),
  });

  app.route({
    ...operationRoute("getProductBySlug", {
      schema: {
        ...products,
        "x-error-codes": ["product_not_found"],
        summary: "A product page by slug",
      },
    }),
    handler: async (request, reply) => {
      const product = await catalog.requireProduct(db, request.ctx, { slug: request.params.slug });
      return withSurrogateKeys(reply, [surrogateKeys.product(product.id)], product);
    },
  });

  app.route({
    ...operationRoute("getProduct", {
      schema: {
        ...products,
        "x-error-codes": ["product_not_found"],
        summary: "A product page by id",
      },
    }),
    handler: async (request) => ({ data: await catalog.requireProduct(db, request.ctx, { id: request.params.id }) }),
  });

  app.route({
    ...operationRoute("listProductAddons", {
      schema: {
        ...products,
        "x-error-codes": ["product_not_found"],
        summary: "The add-ons offered with a product",
      },
    }),
    handler: async (request) => ({ data: await catalog.listAddons(db, request.ctx, request.params.id) }),
  });

  app.route({
    ...operationRoute("listAddons", {
      schema: {
        ...products,
        "x-error-codes": ["product_not_found"],
        summary: "Every add-on of the store, or those of ProductId",
      },
    }),
    handler: async (request) => ({ data: await catalog.listAddons(db, request.ctx, request.query.ProductId) }),
  });

  app.route({
    ...operationRoute("listAddonsByProduct", {
      schema: {
        ...products,
        "x-error-codes": [],
        summary: "The add-ons each of several products offers, in one call (a cart page's products)",
        description: "One entry per published product asked for, in the order asked; an unknown or unpublished product is left out.",
      },
    }),
    handler: async (request) => ({ data: await catalog.listAddonsByProduct(db, request.ctx, request.query.ProductIds) }),
  });

  app.route({
    ...operationRoute("getProductType", {
      schema: {
        ...products,
        "x-error-codes": ["product_type_not_found"],
        summary: "A product type and its attributes",
      },
    }),
    handler: async (request) => ({ data: await catalog.requireProductType(db, request.ctx, request.params.id) }),
  });

  app.route({
    ...operationRoute("listProductTypeFilters", {
      schema: {
        ...products,
        summary: "The filterable attributes of each product type",
      },
    }),
    handler: async (request) => ({ data: await catalog.listProductTypeFilters(db, request.ctx, request.body.productTypeIds) }),
  });

  app.route({
    ...operationRoute("listFilterAttributes", {
      schema: {
        ...products,
        summary: "Every filterable attribute with its values",
      },
    }),
    handler: async (request) => ({ data: await catalog.listFilterAttributes(db, request.ctx) }),
  });

  app.route({
    ...operationRoute("getProductFilters", {
      schema: {
        ...products,
        "x-error-codes": [...selectionErrors],
        summary: "Facets with counts, price range and total for the same selection as GET /products",
      },
    }),
    handler: async (request) => ({ data: await catalog.getProductFilters(db, request.ctx, request.query, reads) }),
  });
};

/**
 * A product's preview through its signed link (decision 051): read from the primary, so a product just written shows
 * at once. The token comes in the body, keeping it out of access logs; the answer is never cached.
 */
export const productPreviewRoutes: FastifyPluginAsyncZod<{ db: Db; previewSecret: string }> = async (app, { db, previewSecret }) => {
  app.route({
    ...operationRoute("getProductPreview", {
      schema: {
        tags: ["Catalogue"],
        "x-error-codes": ["product_preview_link_invalid", "product_preview_link_expired"],
        summary: "A product through its preview link, published or a draft",
      },
    }),
    handler: async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { data: await catalog.getProductPreview(db, request.ctx, previewSecret, request.body.token) };
    },
  });
};
