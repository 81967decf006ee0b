import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { t } from "~/lib/i18n/messages/layout";

/** The button appears once the page has scrolled 100 px (docs/storefront-behaviour/layout-and-navigation.md). */
export const SCROLL_TO_TOP_THRESHOLD_PX = 100;

/**
 * Back to the top of the page. It needs JavaScript to notice scrolling, so it renders nothing on the
 * server; without JavaScript the browser's own Home key does the job. It sits at the bottom right, just above
 * the page's bottom dock (<BottomDock>: the cookie banner, when there is one), so it never covers the banner's
 * text, and at the end of a page it rests over the empty right of the footer's last line.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
        // Keyboard users continue from the top too, not from the bottom of the page.
        document.getElementById("skip-link")?.focus({ preventScroll: true });
      }}
      className="scroll-to-top"
    >
      <Icon name="arrow-up" className="size-5" />
      <span className="sr-only">{t("layout.back_to_top")}</span>
    </button>
  );
}
