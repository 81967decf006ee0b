import type { Page } from "@quire/contracts";
import { data } from "react-router";
import { contentPageEvents, loadContentPage, type ContentPageData } from "~/features/content/load-page.server";
import { PREVIEW_HEADERS } from "~/lib/preview-link.server";
import { requireApiFound } from "~/lib/not-found.server";
import { pageEcommerceEvents } from "~/features/analytics/ecommerce.server";
import { PageBlocks, startsWithHero } from "~/features/content/page-blocks";
import { StreamedProductRow } from "~/features/catalog/product-card";
import { pageTitle } from "~/features/layout/meta";
import { listRecommendations } from "~/features/recommendations/recommendations.server";
import { Container } from "~/components/ui/container";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import { getStoreSettings } from "~/lib/shop-data.server";
import type { Route } from "./+types/home";
import { t as catalogText } from "~/lib/i18n/messages/catalog";
import { t } from "~/lib/i18n/messages/content-server";

/**
 * A shop whose editors have not written a home page yet still opens on something useful: a hero that
 * leads into the catalogue.
 */
function homeWithoutContent(storeName: string): ContentPageData {
  const page: Page = {
    id: 1,
    url: "/",
    title: storeName,
    metaDescription: t("content.home.description", { store: storeName }),
    updatedAt: new Date(0).toISOString(),
    blocks: [
      {
        type: "hero",
        title: t("content.home.welcome", { store: storeName }),
        text: t("content.home.text"),
        linkLabel: t("content.home.link"),
        linkUrl: "/store",
      },
    ],
  };
  return { page, rails: {}, categories: {} };
}

/**
 * The home page: the page the merchant wrote at `/`, or a hero into the catalogue. With `?preview=<token>` (a
 * merchant's preview link, decision 051), the home page the token opens, draft or not, never cached.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const previewToken = new URL(request.url).searchParams.get("preview");
  // Streamed below the page's content: what shoppers look at and buy now.
  const trending = listRecommendations(context, "trending");
  const content =
    previewToken === null
      ? await loadContentPage(api, "/").catch(async (error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 404) return homeWithoutContent((await getStoreSettings()).name);
          throw error;
        })
      : await requireApiFound(loadContentPage(api, "/", previewToken), request);
  const answer = {
    ...content,
    trending,
    preview: previewToken !== null,
    analytics: await pageEcommerceEvents(context, contentPageEvents(content)),
  };
  return previewToken === null ? answer : data(answer, { headers: PREVIEW_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = pageTitle(loaderData.page.title, matches);
  return [
    { title },
    { name: "description", content: loaderData.page.metaDescription },
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
    ...(loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const opensWithHero = startsWithHero(loaderData);
  return (
    <>
      {opensWithHero ? null : <h1 className="sr-only">{loaderData.page.title}</h1>}
      <PageBlocks data={loaderData} heroIsTitle={opensWithHero} />
      <Container>
        <StreamedProductRow id="trending" title={catalogText("catalog.trending")} products={loaderData.trending} />
      </Container>
    </>
  );
}
