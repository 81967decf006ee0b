import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { currentPage, useInAppLinkClick } from "~/lib/in-app-links";
import type { NavEntry } from "./navigation";
import { PreferencesForm } from "./preferences-form";
import type { RootData } from "./root-data";
import { t } from "~/lib/i18n/messages/layout";

/** The id that ties the header's menu button to the menu. */
export const SITE_MENU_ID = "site-menu";

const iconButton = "inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-ink/5";

/** The small-screen button that opens the menu: a popover invoker, so it works without JavaScript. */
export function SiteMenuButton() {
  return (
    <button type="button" popoverTarget={SITE_MENU_ID} className={`-ml-2 lg:hidden ${iconButton}`}>
      <Icon name="menu" className="size-6" />
      <span className="sr-only">{t("layout.menu.title")}</span>
    </button>
  );
}

/**
 * The main navigation, rendered once for every screen size (issue 9: it used to be rendered twice, a
 * desktop bar and a mobile menu, with every category link in each).
 *
 * On large screens it is the bar under the header: each group a `<details>` disclosure opening a list of
 * links (the disclosure-navigation pattern, not an ARIA menu), one open at a time through `name`. On small
 * screens the same element is a popover drawer opened by SiteMenuButton: the browser gives it the top
 * layer, light dismiss and Escape, without JavaScript; the groups open in place. The popover's "closed"
 * display:none is overridden on large screens (`lg:block`), which is why it is a popover and not a dialog.
 *
 * Links are plain anchors styled by the `.site-menu` rules of app.css, and one click handler follows them
 * in the app (useInAppLinkClick): rendering a hundred `<NavLink>`s was a quarter of a page's server time.
 */
export function SiteMenu({ entries, data }: { entries: NavEntry[]; data: RootData | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  const followLink = useInAppLinkClick();
  const location = useLocation();
  const { pathname } = location;

  // The drawer closes once a link has been followed (the page changed under it).
  useEffect(() => {
    const menu = ref.current;
    if (menu?.matches(":popover-open")) menu.hidePopover();
  }, [location.key]);

  return (
    <div
      ref={ref}
      id={SITE_MENU_ID}
      popover="auto"
      className="site-menu fixed inset-y-0 left-0 m-0 h-dvh w-[min(22rem,calc(100%-3rem))] overflow-y-auto border-0 border-r border-line bg-paper p-0 text-ink shadow-xl backdrop:bg-ink/40 lg:static lg:block lg:h-auto lg:w-auto lg:overflow-visible lg:border-t lg:border-r-0 lg:bg-transparent lg:shadow-none"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-2 lg:hidden">
        <p className="font-serif text-lg font-semibold">{t("layout.menu.title")}</p>
        <button type="button" popoverTarget={SITE_MENU_ID} popoverTargetAction="hide" className={iconButton}>
          <Icon name="close" className="size-6" />
          <span className="sr-only">{t("layout.menu.close")}</span>
        </button>
      </div>
      <nav aria-label={t("layout.menu.label")} onClick={followLink} className="px-4 py-3 lg:mx-auto lg:max-w-page lg:px-5 lg:py-0">
        <ul className="grid gap-0.5 lg:flex lg:flex-wrap lg:items-center lg:gap-x-1">
          <li className="lg:hidden">
            <a href="/store" aria-current={currentPage("/store", pathname)}>
              {t("layout.menu.shop_all")}
            </a>
          </li>
          {entries.map((entry) => (
            <li key={entry.href}>
              {entry.links.length > 0 ? (
                <details name="main-nav">
                  <summary>
                    {entry.label}
                    <Icon name="chevron-down" className="size-4" />
                  </summary>
                  <ul>
                    <li>
                      <a href={entry.href} aria-current={currentPage(entry.href, pathname)}>
                        {t("layout.menu.all_in_group", { group: entry.label.toLowerCase() })}
                      </a>
                    </li>
                    {entry.links.map((link) => (
                      <li key={link.href}>
                        <a href={link.href} aria-current={currentPage(link.href, pathname)}>
                          {link.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                <a href={entry.href} aria-current={currentPage(entry.href, pathname)}>
                  {entry.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-0.5 border-t border-line px-4 py-3 lg:hidden [&_a]:justify-start" onClick={followLink}>
        <a href="/account/orders">
          <Icon name="user" /> {t("layout.menu.account")}
        </a>
        <a href="/favorites">
          <Icon name="heart" /> {t("layout.favourites")}
        </a>
      </div>
      {data ? (
        <div className="border-t border-line px-7 py-4 lg:hidden">
          <PreferencesForm data={data} layout="stacked" />
        </div>
      ) : null}
    </div>
  );
}
