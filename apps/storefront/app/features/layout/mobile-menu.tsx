import { Link, NavLink } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { NavEntry } from "./navigation";
import { PreferencesForm } from "./preferences-form";
import type { RootData } from "./root-data";

const row =
  "flex min-h-12 items-center justify-between rounded-control px-3 text-base text-ink hover:bg-sunk aria-[current=page]:font-semibold aria-[current=page]:text-accent";

/**
 * The menu for small screens: a <details> disclosure, so it opens and closes without JavaScript; the
 * header's useDetailsDismiss closes it on navigation, Escape and outside clicks when JavaScript runs.
 */
export function MobileMenu({ entries, data }: { entries: NavEntry[]; data: RootData | undefined }) {
  return (
    <details className="group/menu lg:hidden">
      <summary className="-ml-2 inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-ink/5">
        <Icon name="menu" className="size-6 group-open/menu:hidden" />
        <Icon name="close" className="hidden size-6 group-open/menu:block" />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-(--z-menu) max-h-[calc(100dvh-8rem)] overflow-y-auto border-t border-line bg-paper shadow-xl">
        <nav aria-label="Main" className="px-4 py-3">
          <ul className="grid gap-0.5">
            <li>
              <NavLink to="/store" end className={row}>
                Shop all books
              </NavLink>
            </li>
            {entries.map((entry) =>
              entry.links.length > 0 ? (
                <li key={entry.href}>
                  <details className="group/sub">
                    <summary className={row}>
                      {entry.label}
                      <Icon name="chevron-down" className="size-5 text-ink-muted transition-transform group-open/sub:rotate-180" />
                    </summary>
                    <ul className="mb-2 ml-3 grid gap-0.5 border-l border-line pl-2">
                      <li>
                        <NavLink to={entry.href} end className={row}>
                          All {entry.label.toLowerCase()}
                        </NavLink>
                      </li>
                      {entry.links.map((link) => (
                        <li key={link.href}>
                          <NavLink to={link.href} className={row}>
                            {link.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ) : (
                <li key={entry.href}>
                  <NavLink to={entry.href} className={row}>
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="grid gap-0.5 border-t border-line px-4 py-3">
          <Link to="/account/orders" className={row}>
            <span className="inline-flex items-center gap-3">
              <Icon name="user" /> Your account
            </span>
          </Link>
          <Link to="/favorites" className={row}>
            <span className="inline-flex items-center gap-3">
              <Icon name="heart" /> Favourites
            </span>
          </Link>
        </div>
        {data ? (
          <div className="border-t border-line px-7 py-4">
            <PreferencesForm data={data} layout="stacked" />
          </div>
        ) : null}
      </div>
    </details>
  );
}
