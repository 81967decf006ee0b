import { productListEvent, type PageEventInput } from "~/features/analytics/ecommerce.server";
import { heroPromotionId, railListId } from "./content-analytics";
import { BlogPreviewTokenSchema, type Page, type PageBlock, type ProductSummary } from "@quire/contracts";
import { flattenCategoryTree } from "~/features/layout/navigation";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { getCategoryTree } from "~/lib/shop-data.server";

export interface CategoryCard {
  slug: string;
  name: string;
  description: string;
}

/** A page and what its blocks need besides the page itself. */
export interface ContentPageData {
  page: Page;
  /** Products of each productRail block, by the block's index. */
  rails: Record<number, ProductSummary[]>;
  /** Categories named by categoryLinks blocks, by slug. Slugs the shop does not have are absent. */
  categories: Record<string, CategoryCard>;
}

type RailBlock = Extract<PageBlock, { type: "productRail" }>;

/**
 * A rail is part of the page, so it is awaited (and works without JavaScript); but a rail whose category
 * the API refuses (4xx, e.g. a category removed since the page was written) is left out rather than
 * taking the page down. Anything else is a real failure and propagates.
 */
async function loadRail(api: ApiClient, block: RailBlock): Promise<ProductSummary[]> {
  try {
    const { data } = await api.call("listProducts", { query: { CategorySlug: block.categorySlug, PageSize: block.limit } });
    return data.results;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status < 500) {
      console.warn(`Product rail "${block.title}" left out: ${error.status} ${error.message}`);
      return [];
    }
    throw error;
  }
}

/**
 * The page at `url` (GET /pages/by-url), or, with a preview token (a merchant's preview link, decision 051), the
 * page the token opens, published or a draft (POST /pages/preview): with its rails' products and its linked
 * categories. Throws the API's 404 (and, for a preview, its 410 as a 404: the link is simply of no use).
 */
export async function loadContentPage(api: ApiClient, url: string, previewToken: string | null = null): Promise<ContentPageData> {
  const page = previewToken === null ? (await api.call("getPageByUrl", { query: { url } })).data : await previewPage(api, previewToken);

  const railEntries = page.blocks.flatMap((block, index) => (block.type === "productRail" ? [[index, block] as const] : []));
  const linkedSlugs = new Set(page.blocks.flatMap((block) => (block.type === "categoryLinks" ? block.slugs : [])));
  const [rails, tree] = await Promise.all([
    Promise.all(railEntries.map(async ([index, block]) => [index, await loadRail(api, block)] as const)),
    linkedSlugs.size > 0 ? getCategoryTree() : Promise.resolve([]),
  ]);

  const categories: Record<string, CategoryCard> = {};
  for (const category of flattenCategoryTree(tree)) {
    if (linkedSlugs.has(category.slug))
      categories[category.slug] = { slug: category.slug, name: category.name, description: category.description };
  }
  return { page, rails: Object.fromEntries(rails), categories };
}

async function previewPage(api: ApiClient, token: string): Promise<Page> {
  if (!BlogPreviewTokenSchema.safeParse(token).success)
    throw new ApiRequestError(404, [{ code: "page_preview_link_invalid", message: "Not a preview link" }]);
  try {
    return (await api.call("getPagePreview", { body: { token } })).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 410) throw new ApiRequestError(404, error.errors);
    throw error;
  }
}

/**
 * A content page's own analytics events (tracked shoppers only): its heroes as promotions and its product rails
 * as lists of items. The home page's heroes are the shop's promotions (view_promotion, select_promotion).
 */
export function contentPageEvents(data: ContentPageData): PageEventInput[] {
  const promotions = data.page.blocks.flatMap((block, index) =>
    block.type === "hero" ? [{ promotion_id: heroPromotionId(index), promotion_name: block.title, creative_slot: `block-${index}` }] : [],
  );
  const rails = data.page.blocks.flatMap((block, index) => {
    const products = block.type === "productRail" ? data.rails[index] : undefined;
    return block.type === "productRail" && products && products.length > 0
      ? [productListEvent(railListId(index), block.title, products)]
      : [];
  });
  return [...promotions.map((details): PageEventInput => ({ event: "view_promotion", lines: [], details })), ...rails];
}
