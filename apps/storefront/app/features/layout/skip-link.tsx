import { t } from "~/lib/i18n/messages/layout";
/** The first focusable element of every layout: jumps past the header to the page's <main>. */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      id="skip-link"
      className="sr-only z-(--z-modal) rounded-control bg-ink px-4 py-3 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t("layout.skip_link")}
    </a>
  );
}

/** The id every layout gives its <main>, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";
