import { SlugSchema } from "@quire/contracts";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Container } from "~/components/ui/container";
import { data } from "react-router";
import { loadContentPage } from "~/features/content/load-page.server";
import { PREVIEW_HEADERS } from "~/lib/preview-link.server";
import { PageBlocks, startsWithHero } from "~/features/content/page-blocks";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { requireApiFound, requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/content-page";
import { t } from "~/lib/i18n/messages/content";

const ParamsSchema = z.object({ page: SlugSchema });

/**
 * /:page — a content page such as /about or /faq, from GET /pages/by-url. Unknown pages answer 404. With
 * `?preview=<token>` (a merchant's preview link, decision 051), the page the token opens, draft or not, never cached.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { page } = requireValidParams(ParamsSchema, params, request);
  const previewToken = new URL(request.url).searchParams.get("preview");
  const content = await requireApiFound(loadContentPage(context.get(apiContext), `/${page}`, previewToken), request);
  const answer = { ...content, preview: previewToken !== null };
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
    ...(loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const opensWithHero = startsWithHero(loaderData);
  return (
    <article>
      {opensWithHero ? null : (
        <header className="border-b border-line bg-sunk">
          <Container className="py-8 sm:py-12">
            <Breadcrumbs items={[{ label: t("content.home"), href: "/" }, { label: loaderData.page.title }]} />
            <h1 className="mt-4 text-title font-semibold tracking-tight">{loaderData.page.title}</h1>
          </Container>
        </header>
      )}
      <PageBlocks data={loaderData} heroIsTitle={opensWithHero} />
    </article>
  );
}
