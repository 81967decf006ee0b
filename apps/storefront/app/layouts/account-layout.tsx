import { NavLink, Outlet } from "react-router";
import { Container } from "~/components/ui/container";
import { useRootData } from "~/features/layout/root-data";
import { t } from "~/lib/i18n/messages/account";

interface AccountSection {
  to: string;
  label: string;
  /** Shown only to trade customers (who buy on account). */
  tradeOnly?: boolean;
}

/** The account's pages, in the order a customer looks for them. */
const SECTIONS: readonly AccountSection[] = [
  { to: "/account/orders", label: t("account.nav.orders") },
  { to: "/account/returns", label: t("account.nav.returns") },
  { to: "/account/addresses", label: t("account.nav.addresses") },
  { to: "/account/credit-limit", label: t("account.nav.credit_limit"), tradeOnly: true },
  { to: "/account/settings", label: t("account.nav.settings") },
];

const link =
  "flex min-h-11 shrink-0 items-center rounded-control px-3 text-sm font-medium whitespace-nowrap text-ink hover:bg-sunk aria-[current=page]:bg-sunk aria-[current=page]:font-semibold aria-[current=page]:text-accent";

/**
 * The signed-in customer's pages: their own navigation beside the page (above it on phones, where it
 * scrolls sideways). Every route under this layout needs a signed-in customer (the routes' access is
 * declared in route-access.ts).
 */
export default function AccountLayout() {
  const customer = useRootData()?.customer;
  const sections = SECTIONS.filter((section) => !section.tradeOnly || customer?.isTrade);
  return (
    <Container className="grid gap-6 py-8 sm:py-12 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label={t("account.nav.label")} className="lg:pt-1">
        <p className="hidden px-3 pb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase lg:block">{t("account.nav.label")}</p>
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:mx-0 lg:grid lg:overflow-visible lg:px-0">
          {sections.map((section) => (
            <li key={section.to}>
              {/* Not `end`: an order's page (/account/orders/:id) keeps "Orders" marked. */}
              <NavLink to={section.to} className={link}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </Container>
  );
}
