import { getEnv } from "~/lib/env.server";
import { createIconService, type IconService } from "./icon-service.server";

/** Where the pages' sprite is served from when an icon service is configured (routes/icon-sprite.ts). */
export const SERVICE_ICON_SPRITE_PATH = "/icons/sprite.svg";
/** How long a browser keeps that sprite: an hour, so a change of the service's icons shows within one. */
export const ICON_SPRITE_MAX_AGE_SECONDS = 3600;

let service: { url: string; prefix: string; instance: IconService } | undefined;

/** The configured icon service, one per process (its cache is the process's); null when none is configured. */
export function getIconService(): IconService | null {
  const { ICON_SERVICE_URL: url, ICON_SERVICE_PREFIX: prefix } = getEnv();
  if (!url || !prefix) return null;
  if (service?.url !== url || service.prefix !== prefix) service = { url, prefix, instance: createIconService({ url, prefix }) };
  return service.instance;
}

/** The sprite the pages' icons point into: the service's when one is configured, else null (the shipped one). */
export function serviceIconSpriteUrl(): string | null {
  return getIconService() ? SERVICE_ICON_SPRITE_PATH : null;
}
