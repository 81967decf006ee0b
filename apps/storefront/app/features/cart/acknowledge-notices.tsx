import type { CartNotification } from "@quire/contracts";
import { useEffect } from "react";
import { Form } from "react-router";
import { usePagePath } from "~/lib/page-path";
import { Button } from "~/components/ui/button";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/lib/fetcher-response";
import { postInBackground } from "~/lib/post-in-background";
import { CART_NOTICES_PATH, SHOWN_NOTICES_FIELD } from "./cart-forms";
import { t } from "~/lib/i18n/messages/layout";

/**
 * Tells the API the cart's notices have been shown, once the page showing them has rendered in the browser
 * (decision 020): reads answer them until then, so each reaches the shopper once, on the first page that
 * shows it. Posts again only when the notices change, outside the router: the page stays as it is.
 */
export function useAcknowledgeNotices(notices: CartNotification[]) {
  const shown = notices.length > 0 ? JSON.stringify(notices) : null;
  useEffect(() => {
    if (shown === null) return;
    postInBackground(CART_NOTICES_PATH, { [SHOWN_NOTICES_FIELD]: shown, [FETCHER_FIELD]: FETCHER_VALUE });
  }, [shown]);
}

/**
 * Without JavaScript nothing acknowledges the notices by itself: they stay on every page until this button
 * says they have been read, and the shopper comes back where they were. Not shown once the page runs React.
 */
export function DismissNoticesForm({ notices, className = "" }: { notices: CartNotification[]; className?: string }) {
  const hydrated = useHydrated();
  const here = usePagePath();
  if (hydrated || notices.length === 0) return null;
  return (
    <Form method="post" action={CART_NOTICES_PATH} className={className}>
      <input type="hidden" name={SHOWN_NOTICES_FIELD} value={JSON.stringify(notices)} />
      <input type="hidden" name="redirectTo" value={here} />
      <Button type="submit" variant="secondary" size="sm">
        {t("layout.basket.dismiss")}
        <span className="sr-only">{t("layout.basket.dismiss_name")}</span>
      </Button>
    </Form>
  );
}
