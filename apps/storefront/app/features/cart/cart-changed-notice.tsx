import type { CartNotification } from "@quire/contracts";
import { Link, useLocation } from "react-router";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { t } from "~/lib/i18n/messages/layout";
import { DismissNoticesForm, useAcknowledgeNotices } from "./acknowledge-notices";

/**
 * "Your basket has changed": the cart's notices (a price changed, a quantity cut to stock, an item gone)
 * when they reach a page other than the basket, which shows them beside their lines instead. Rendered in
 * every page's header, it is also what tells the API they have been shown (basket page included), so the
 * shopper sees each once wherever they are.
 */
export function CartChangedNotice({ notices }: { notices: CartNotification[] }) {
  const { pathname } = useLocation();
  useAcknowledgeNotices(notices);
  if (notices.length === 0 || pathname === "/cart") return null;
  return (
    <div role="status" className="border-t border-warning/40 bg-warning-soft">
      <Container className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-start sm:gap-4">
        <p className="flex shrink-0 items-center gap-2 font-semibold">
          <Icon name="warning" className="size-4 text-warning" />
          {t("layout.basket.changed")}
        </p>
        <ul className="flex-1">
          {notices.map((notice, index) => (
            <li key={`${notice.code}-${index}`}>{notice.message}</li>
          ))}
        </ul>
        <Link to="/cart" className="shrink-0 font-semibold text-accent underline underline-offset-3">
          {t("layout.basket.view")}
        </Link>
        <DismissNoticesForm notices={notices} className="shrink-0" />
      </Container>
    </div>
  );
}
