import type { Operation } from "./operation";
import { NoContentSchema } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import { PageResponseSchema } from "../content";
import {
  AdminBlogCategoryParamsSchema,
  AdminBlogCategoryResponseSchema,
  AdminBlogPostParamsSchema,
  AdminBlogPostResponseSchema,
  AdminBlogPreviewLinkResponseSchema,
  AdminListBlogCategoriesResponseSchema,
  AdminListBlogPostsQuerySchema,
  AdminListBlogPostsResponseSchema,
  AdminListMenusResponseSchema,
  AdminListPagesQuerySchema,
  AdminListPagesResponseSchema,
  AdminListRedirectsQuerySchema,
  AdminListRedirectsResponseSchema,
  AdminMenuParamsSchema,
  AdminMenuResponseSchema,
  AdminPageParamsSchema,
  AdminPageResponseSchema,
  AdminRedirectParamsSchema,
  AdminRedirectResponseSchema,
  BlogPostPreviewBodySchema,
  PagePreviewBodySchema,
  BlogPostPreviewResponseSchema,
  CreateAdminBlogCategoryBodySchema,
  CreateAdminBlogPostBodySchema,
  CreateAdminPageBodySchema,
  CreateAdminRedirectBodySchema,
  PutAdminMenuBodySchema,
  UpdateAdminBlogCategoryBodySchema,
  UpdateAdminBlogPostBodySchema,
  UpdateAdminPageBodySchema,
  UpdateAdminRedirectBodySchema,
} from "../admin-content";

/** The merchant's content (admin API, permission `content`): pages, menus, redirects, the blog; and a post's preview. */
export const adminContentOperations = {
  // Pages.
  listAdminPages: { method: "GET", path: "/admin/pages", query: AdminListPagesQuerySchema, response: AdminListPagesResponseSchema },
  createAdminPage: {
    method: "POST",
    path: "/admin/pages",
    headers: IdempotentCallHeadersSchema,
    body: CreateAdminPageBodySchema,
    response: AdminPageResponseSchema,
    status: 201,
  },
  getAdminPage: { method: "GET", path: "/admin/pages/:id", params: AdminPageParamsSchema, response: AdminPageResponseSchema },
  updateAdminPage: {
    method: "PUT",
    path: "/admin/pages/:id",
    params: AdminPageParamsSchema,
    body: UpdateAdminPageBodySchema,
    response: AdminPageResponseSchema,
  },
  deleteAdminPage: { method: "DELETE", path: "/admin/pages/:id", params: AdminPageParamsSchema, response: NoContentSchema, status: 204 },
  createAdminPagePreviewLink: {
    method: "POST",
    path: "/admin/pages/:id/preview-link",
    params: AdminPageParamsSchema,
    response: AdminBlogPreviewLinkResponseSchema,
  },

  // Menus.
  listAdminMenus: { method: "GET", path: "/admin/menus", response: AdminListMenusResponseSchema },
  getAdminMenu: { method: "GET", path: "/admin/menus/:code", params: AdminMenuParamsSchema, response: AdminMenuResponseSchema },
  putAdminMenu: {
    method: "PUT",
    path: "/admin/menus/:code",
    params: AdminMenuParamsSchema,
    body: PutAdminMenuBodySchema,
    response: AdminMenuResponseSchema,
  },
  deleteAdminMenu: { method: "DELETE", path: "/admin/menus/:code", params: AdminMenuParamsSchema, response: NoContentSchema, status: 204 },

  // Redirects.
  listAdminRedirects: {
    method: "GET",
    path: "/admin/redirects",
    query: AdminListRedirectsQuerySchema,
    response: AdminListRedirectsResponseSchema,
  },
  createAdminRedirect: {
    method: "POST",
    path: "/admin/redirects",
    headers: IdempotentCallHeadersSchema,
    body: CreateAdminRedirectBodySchema,
    response: AdminRedirectResponseSchema,
    status: 201,
  },
  updateAdminRedirect: {
    method: "PUT",
    path: "/admin/redirects/:id",
    params: AdminRedirectParamsSchema,
    body: UpdateAdminRedirectBodySchema,
    response: AdminRedirectResponseSchema,
  },
  deleteAdminRedirect: {
    method: "DELETE",
    path: "/admin/redirects/:id",
    params: AdminRedirectParamsSchema,
    response: NoContentSchema,
    status: 204,
  },

  // Blog categories (and the tags, which posts create).
  listAdminBlogCategories: { method: "GET", path: "/admin/blog-categories", response: AdminListBlogCategoriesResponseSchema },
  createAdminBlogCategory: {
    method: "POST",
    path: "/admin/blog-categories",
    headers: IdempotentCallHeadersSchema,
    body: CreateAdminBlogCategoryBodySchema,
    response: AdminBlogCategoryResponseSchema,
    status: 201,
  },
  updateAdminBlogCategory: {
    method: "PUT",
    path: "/admin/blog-categories/:id",
    params: AdminBlogCategoryParamsSchema,
    body: UpdateAdminBlogCategoryBodySchema,
    response: AdminBlogCategoryResponseSchema,
  },
  deleteAdminBlogCategory: {
    method: "DELETE",
    path: "/admin/blog-categories/:id",
    params: AdminBlogCategoryParamsSchema,
    response: NoContentSchema,
    status: 204,
  },

  // Blog posts.
  listAdminBlogPosts: {
    method: "GET",
    path: "/admin/blog-posts",
    query: AdminListBlogPostsQuerySchema,
    response: AdminListBlogPostsResponseSchema,
  },
  createAdminBlogPost: {
    method: "POST",
    path: "/admin/blog-posts",
    headers: IdempotentCallHeadersSchema,
    body: CreateAdminBlogPostBodySchema,
    response: AdminBlogPostResponseSchema,
    status: 201,
  },
  getAdminBlogPost: {
    method: "GET",
    path: "/admin/blog-posts/:id",
    params: AdminBlogPostParamsSchema,
    response: AdminBlogPostResponseSchema,
  },
  updateAdminBlogPost: {
    method: "PUT",
    path: "/admin/blog-posts/:id",
    params: AdminBlogPostParamsSchema,
    body: UpdateAdminBlogPostBodySchema,
    response: AdminBlogPostResponseSchema,
  },
  deleteAdminBlogPost: {
    method: "DELETE",
    path: "/admin/blog-posts/:id",
    params: AdminBlogPostParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  createAdminBlogPostPreviewLink: {
    method: "POST",
    path: "/admin/blog-posts/:id/preview-link",
    params: AdminBlogPostParamsSchema,
    response: AdminBlogPreviewLinkResponseSchema,
  },

  // The previews themselves, for whoever holds the link (the storefront's page with `?preview=`).
  getPagePreview: {
    method: "POST",
    path: "/pages/preview",
    body: PagePreviewBodySchema,
    response: PageResponseSchema,
  },
  getBlogPostPreview: {
    method: "POST",
    path: "/blog-posts/preview",
    body: BlogPostPreviewBodySchema,
    response: BlogPostPreviewResponseSchema,
  },
} as const satisfies Record<string, Operation>;
