import type { Operation } from "./operation";
import {
  BlogCategoryBySlugQuerySchema,
  BlogCategoryResponseSchema,
  ListBlogCategoriesResponseSchema,
  ListBlogPostsQuerySchema,
  ListBlogPostsResponseSchema,
} from "../blog";
import {
  AdminListContactMessagesQuerySchema,
  AdminListContactMessagesResponseSchema,
  ContactMessageBodySchema,
  ContactMessageResponseSchema,
} from "../contact";
import {
  ListPagesQuerySchema,
  ListPagesResponseSchema,
  ListRedirectsQuerySchema,
  ListRedirectsResponseSchema,
  MenuCodeParamsSchema,
  MenuTreeResponseSchema,
  PageByUrlQuerySchema,
  PageResponseSchema,
  SitemapProductsQuerySchema,
  SitemapProductsResponseSchema,
} from "../content";

/** Content: menus, redirects, pages, the sitemap's products, the blog and the contact form. */
export const contentOperations = {
  // Content.
  getMenuTree: { method: "GET", path: "/menus/:code/tree", params: MenuCodeParamsSchema, response: MenuTreeResponseSchema },
  listRedirects: { method: "GET", path: "/redirects", query: ListRedirectsQuerySchema, response: ListRedirectsResponseSchema },
  getPageByUrl: { method: "GET", path: "/pages/by-url", query: PageByUrlQuerySchema, response: PageResponseSchema },
  listPages: { method: "GET", path: "/pages", query: ListPagesQuerySchema, response: ListPagesResponseSchema },

  // Blog.
  getBlogCategoryBySlug: {
    method: "GET",
    path: "/blog-categories/by-slug",
    query: BlogCategoryBySlugQuerySchema,
    response: BlogCategoryResponseSchema,
  },
  listBlogCategories: { method: "GET", path: "/blog-categories", response: ListBlogCategoriesResponseSchema },
  listBlogPosts: { method: "GET", path: "/blog-posts", query: ListBlogPostsQuerySchema, response: ListBlogPostsResponseSchema },

  // Contact.
  sendContactMessage: {
    method: "POST",
    path: "/contact-messages",
    body: ContactMessageBodySchema,
    response: ContactMessageResponseSchema,
    status: 202,
  },
  listAdminContactMessages: {
    method: "GET",
    path: "/admin/contact-messages",
    query: AdminListContactMessagesQuerySchema,
    response: AdminListContactMessagesResponseSchema,
  },
  listSitemapProducts: {
    method: "GET",
    path: "/sitemap/products",
    query: SitemapProductsQuerySchema,
    response: SitemapProductsResponseSchema,
  },
} as const satisfies Record<string, Operation>;
