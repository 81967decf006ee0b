import { useRef } from "react";
import { NavLink } from "react-router";
import { Container } from "~/components/ui/container";
import { Icon, type IconName } from "~/components/ui/icon";
import { AccountMenu } from "~/features/auth/account-menu";
import { BasketLink } from "~/features/cart/basket-link";
import { CartChangedNotice } from "~/features/cart/cart-changed-notice";
import { Logo } from "~/components/ui/logo";
import { PreferencesForm } from "./preferences-form";
import type { RootData } from "./root-data";
import { FALLBACK_STORE_NAME } from "~/lib/store-name";
import { SearchForm } from "./search-form";
import { SiteMenu, SiteMenuButton } from "./site-menu";
import { useDetailsDismiss } from "./use-details-dismiss";
import { t } from "~/lib/i18n/messages/layout";

function HeaderAction({ to, icon, label, className = "" }: { to: string; icon: IconName; label: string; className?: string }) {
  return (
    <NavLink
      to={to}
      className={`inline-flex size-11 items-center justify-center gap-2 rounded-control text-ink hover:bg-ink/5 aria-[current=page]:text-accent xl:w-auto xl:px-3 ${className}`}
    >
      <Icon name={icon} className="size-6" />
      <span className="sr-only xl:not-sr-only xl:text-sm xl:font-medium">{label}</span>
    </NavLink>
  );
}

/** The default layout's header: preferences bar, logo, search, account links and the main navigation. */
export function SiteHeader({ data }: { data: RootData | undefined }) {
  const ref = useRef<HTMLElement>(null);
  useDetailsDismiss(ref);
  const entries = data?.navigation ?? [];
  const storeName = data?.settings.name ?? FALLBACK_STORE_NAME;

  return (
    <header ref={ref} className="relative z-(--z-header) border-b border-line bg-paper">
      {data ? (
        <div className="hidden bg-sunk md:block">
          <Container className="flex min-h-11 items-center justify-between gap-4 py-1">
            <p className="text-sm text-ink-muted">{t("layout.header.tagline")}</p>
            <PreferencesForm data={data} layout="bar" />
          </Container>
        </div>
      ) : null}
      {/* One search form: a line of its own under the logo on phones, between logo and links from md up. */}
      <Container className="flex flex-wrap items-center gap-x-2 pt-2.5 pb-3 md:h-20 md:flex-nowrap md:gap-x-6 md:py-0">
        <SiteMenuButton />
        <Logo storeName={storeName} className="mr-auto md:mr-0" />
        <SearchForm className="order-last mt-2.5 w-full md:order-none md:mt-0 md:w-auto md:flex-1 lg:max-w-xl" />
        <div className="flex items-center md:ml-auto">
          <AccountMenu customer={data?.customer ?? null} />
          <HeaderAction to="/favorites" icon="heart" label={t("layout.favourites")} />
          <BasketLink count={data?.cart.itemCount ?? 0} />
        </div>
      </Container>
      <SiteMenu entries={entries} data={data} />
      <CartChangedNotice notices={data?.cart.notifications ?? []} />
    </header>
  );
}
