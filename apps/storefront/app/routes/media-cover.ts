import { parseCoverRequest, renderCoverSvg } from "~/features/catalog/cover-svg";
import type { Route } from "./+types/media-cover";

/** GET /media/covers/<slug>.svg?t=&a=&p= : a generated book cover (see features/catalog/cover-svg.ts). */
export function loader({ params, request }: Route.LoaderArgs) {
  const parsed = parseCoverRequest(params.file, new URL(request.url).search.slice(1));
  if (!parsed.ok) {
    const { status, code, message, field } = parsed;
    return Response.json({ errors: [{ code, message, ...(field ? { field } : {}) }] }, { status });
  }
  return new Response(renderCoverSvg(parsed.cover), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // The same URL always draws the same picture, so it may be cached for good.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      // An SVG opened on its own is a document; it needs no scripts, fonts or fetches.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
