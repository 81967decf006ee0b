import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { COOKIE_BANNER_DESCRIPTION_ID, COOKIE_BANNER_TITLE_ID, COOKIE_SETTINGS_PATH } from "./consent";

/**
 * The cookie banner (docs/storefront-behaviour/consent-and-analytics.md): a dialog at the bottom of every page until
 * the shopper chooses, with no close button and nothing to drag. It sits in the page's bottom dock (<BottomDock>), in
 * the page's flow and sticky at the bottom of the window, so at the end of a page it takes its own room instead of
 * covering the footer. Its content is server-made markup (cookie-banner.server.tsx). The server leaves it out in frames
 * (Sec-Fetch-Dest) and on /cookies-settings; this hides it there after an in-app navigation too.
 */
export function CookieBanner({ markup }: { markup: string }) {
  if (useLocation().pathname === COOKIE_SETTINGS_PATH) return null;
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={COOKIE_BANNER_TITLE_ID}
      aria-describedby={COOKIE_BANNER_DESCRIPTION_ID}
      className="cookie-banner"
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

/**
 * The bottom of every page: in the page's flow after the footer, sticky at the bottom of the window. It holds
 * the cookie banner (when the shopper has not chosen) and carries the scroll-to-top button on its top edge. It
 * lets clicks through where it draws nothing.
 */
export function BottomDock({ children }: { children: ReactNode }) {
  return <div className="bottom-dock">{children}</div>;
}
