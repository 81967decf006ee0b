import { parseBlogHeroFile, renderBlogHeroSvg } from "~/features/blog/blog-hero-svg";
import type { Route } from "./+types/media-blog-hero";
import { t } from "~/lib/i18n/messages/media-server";

/** GET /media/blog/<slug>.svg: a blog post's generated hero picture (features/blog/blog-hero-svg.ts). */
export function loader({ params }: Route.LoaderArgs) {
  const slug = parseBlogHeroFile(params.file);
  if (slug === null) {
    return Response.json({ errors: [{ code: "invalid_input", message: t("media.blog_hero.invalid"), field: "file" }] }, { status: 400 });
  }
  return new Response(renderBlogHeroSvg(slug), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
