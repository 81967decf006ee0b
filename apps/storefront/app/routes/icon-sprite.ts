import { buildIconSprite, ICON_PATHS } from "~/components/ui/icon-paths";
import { getIconService, ICON_SPRITE_MAX_AGE_SECONDS } from "~/features/icons/icons.server";
import { notFound } from "~/lib/not-found.server";
import type { Route } from "./+types/icon-sprite";

/**
 * GET /icons/sprite.svg: the pages' icon sprite drawn from the configured icon service (features/icons), each
 * icon the service does not have, or while it fails, the shipped one. Without a service there is no such
 * sprite: the pages use the shipped one, a build asset.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const service = getIconService();
  if (!service) throw notFound(request);
  const icons = await service.icons(Object.keys(ICON_PATHS));
  return new Response(buildIconSprite(icons), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": `public, max-age=${ICON_SPRITE_MAX_AGE_SECONDS}`,
      "X-Content-Type-Options": "nosniff",
      // An SVG opened on its own is a document; it needs no scripts, fonts or fetches.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
