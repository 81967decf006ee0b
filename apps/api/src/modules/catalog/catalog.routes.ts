import {
  AddonsByProductQuerySchema,
  AddonsByProductResponseSchema,
  AddonsResponseSchema,
  CategoryDetailResponseSchema,
  CategoryIdParamsSchema,
  CategorySlugParamsSchema,
  CategoryTreeResponseSchema,
  FilterAttributesResponseSchema,
  ListAddonsQuerySchema,
  ListCategoriesQuerySchema,
  ListCategoriesResponseSchema,
  ListProductsQuerySchema,
  ListProductsResponseSchema,
  ProductDetailResponseSchema,
  ProductFiltersQuerySchema,
  ProductFiltersResponseSchema,
  ProductFilterTypesBodySchema,
  ProductFilterTypesResponseSchema,
  ProductIdParamsSchema,
  ProductSlugParamsSchema,
  ProductTypeIdParamsSchema,
  ProductTypeResponseSchema,
  SubcategoriesQuerySchema,
  SubcategoriesResponseSchema,
  VariantsBySkuQuerySchema,
  VariantIdParamsSchema,
  VariantsBySkuResponseSchema,
  VariantWithProductResponseSchema,
  type ApiErrorCode,
} from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { CountsCache } from "./catalog-counts-cache";
import * as catalog from "./catalog.service";
import type { ProductSearch } from "./product-search";

// Catalogue calls of spec section 7: categories, products, product filters, product types, add-ons.
// `slug=` is a literal part of the spec's paths (GET /categories/slug=:slug), so those routes are written
// with it; find-my-way prefers the static `slug=` prefix over the `:id` parameter.
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db; counts: CountsCache; search: ProductSearch }> = async (
  app,
  { db, counts, search },
) => {
  const categories = { tags: ["Catalogue"] };
  const products = { tags: ["Catalogue"] };
  // What resolving a product selection (category, price range) answers, for GET /products and /product-filters.
  const selectionErrors: ApiErrorCode[] = ["conflicting_parameters", "invalid_price_range", "category_not_found"];

  app.get(
    "/categories/tree",
    {
      schema: {
        ...categories,
        operationId: "getCategoryTree",
        summary: "The visible category tree",
        response: { 200: CategoryTreeResponseSchema },
      },
    },
    async (request) => ({ data: { nodes: await catalog.getCategoryTree(db, request.ctx) } }),
  );

  app.get(
    "/categories",
    {
      schema: {
        ...categories,
        operationId: "listCategories",
        "x-error-codes": ["conflicting_parameters"],
        summary: "A page of categories: all, the roots (Level=root) or the children of ParentId",
        querystring: ListCategoriesQuerySchema,
        response: { 200: ListCategoriesResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listCategories(db, request.ctx, request.query) }),
  );

  app.get(
    "/categories/subcategories",
    {
      schema: {
        ...categories,
        operationId: "listSubcategories",
        "x-error-codes": ["category_not_found"],
        summary: "The visible children of a category",
        querystring: SubcategoriesQuerySchema,
        response: { 200: SubcategoriesResponseSchema },
      },
    },
    async (request) => {
      const category = await catalog.requireCategory(db, request.ctx, { id: request.query.CategoryId });
      return { data: category.children };
    },
  );

  app.get(
    "/categories/slug=:slug",
    {
      schema: {
        ...categories,
        operationId: "getCategoryBySlug",
        "x-error-codes": ["category_not_found"],
        summary: "A category by slug, with breadcrumbs and children",
        params: CategorySlugParamsSchema,
        response: { 200: CategoryDetailResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.requireCategory(db, request.ctx, { slug: request.params.slug }) }),
  );

  app.get(
    "/categories/:id",
    {
      schema: {
        ...categories,
        operationId: "getCategory",
        "x-error-codes": ["category_not_found"],
        summary: "A category by id, with breadcrumbs and children",
        params: CategoryIdParamsSchema,
        response: { 200: CategoryDetailResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.requireCategory(db, request.ctx, { id: request.params.id }) }),
  );

  app.get(
    "/products",
    {
      schema: {
        ...products,
        operationId: "listProducts",
        "x-error-codes": [...selectionErrors],
        summary: "A page of product cards: by category (with its subcategories), search, filters, price; sorted",
        querystring: ListProductsQuerySchema,
        response: { 200: ListProductsResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listProducts(db, request.ctx, request.query, counts, search) }),
  );

  app.get(
    "/products/variants/by-sku",
    {
      schema: {
        ...products,
        operationId: "listVariantsBySku",
        summary: "The variants with these SKUs, for a quick order; unknown SKUs are left out",
        querystring: VariantsBySkuQuerySchema,
        response: { 200: VariantsBySkuResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listVariantsBySku(db, request.ctx, request.query.Skus) }),
  );

  app.get(
    "/products/variants/:id",
    {
      schema: {
        ...products,
        operationId: "getVariant",
        "x-error-codes": ["variant_not_found"],
        summary: "A variant by id with its product's card",
        params: VariantIdParamsSchema,
        response: { 200: VariantWithProductResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.requireVariantWithProduct(db, request.ctx, request.params.id) }),
  );

  app.get(
    "/products/slug=:slug",
    {
      schema: {
        ...products,
        operationId: "getProductBySlug",
        "x-error-codes": ["product_not_found"],
        summary: "A product page by slug",
        params: ProductSlugParamsSchema,
        response: { 200: ProductDetailResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.requireProduct(db, request.ctx, { slug: request.params.slug }) }),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        ...products,
        operationId: "getProduct",
        "x-error-codes": ["product_not_found"],
        summary: "A product page by id",
        params: ProductIdParamsSchema,
        response: { 200: ProductDetailResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.requireProduct(db, request.ctx, { id: request.params.id }) }),
  );

  app.get(
    "/products/:id/add-ons",
    {
      schema: {
        ...products,
        operationId: "listProductAddons",
        "x-error-codes": ["product_not_found"],
        summary: "The add-ons offered with a product",
        params: ProductIdParamsSchema,
        response: { 200: AddonsResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listAddons(db, request.ctx, request.params.id) }),
  );

  app.get(
    "/add-ons",
    {
      schema: {
        ...products,
        operationId: "listAddons",
        "x-error-codes": ["product_not_found"],
        summary: "Every add-on of the store, or those of ProductId",
        querystring: ListAddonsQuerySchema,
        response: { 200: AddonsResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listAddons(db, request.ctx, request.query.ProductId) }),
  );

  app.get(
    "/add-ons/by-product",
    {
      schema: {
        ...products,
        operationId: "listAddonsByProduct",
        "x-error-codes": [],
        summary: "The add-ons each of several products offers, in one call (a cart page's products)",
        description: "One entry per published product asked for, in the order asked; an unknown or unpublished product is left out.",
        querystring: AddonsByProductQuerySchema,
        response: { 200: AddonsByProductResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listAddonsByProduct(db, request.ctx, request.query.ProductIds) }),
  );

  app.get(
    "/product-types/:id",
    {
      schema: {
        ...products,
        operationId: "getProductType",
        "x-error-codes": ["product_type_not_found"],
        summary: "A product type and its attributes",
        params: ProductTypeIdParamsSchema,
        response: { 200: ProductTypeResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.requireProductType(db, request.ctx, request.params.id) }),
  );

  app.post(
    "/product-filters/types",
    {
      schema: {
        ...products,
        operationId: "listProductTypeFilters",
        summary: "The filterable attributes of each product type",
        body: ProductFilterTypesBodySchema,
        response: { 200: ProductFilterTypesResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listProductTypeFilters(db, request.ctx, request.body.productTypeIds) }),
  );

  app.get(
    "/product-filters/attributes",
    {
      schema: {
        ...products,
        operationId: "listFilterAttributes",
        summary: "Every filterable attribute with its values",
        response: { 200: FilterAttributesResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.listFilterAttributes(db, request.ctx) }),
  );

  app.get(
    "/product-filters",
    {
      schema: {
        ...products,
        operationId: "getProductFilters",
        "x-error-codes": [...selectionErrors],
        summary: "Facets with counts, price range and total for the same selection as GET /products",
        querystring: ProductFiltersQuerySchema,
        response: { 200: ProductFiltersResponseSchema },
      },
    },
    async (request) => ({ data: await catalog.getProductFilters(db, request.ctx, request.query, counts, search) }),
  );
};
