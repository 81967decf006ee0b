import { NavLink } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { NavEntry } from "./navigation";

const topItem =
  "inline-flex h-11 items-center gap-1 rounded-control px-3 text-[0.9375rem] font-medium text-ink hover:bg-ink/5 aria-[current=page]:text-accent";

/**
 * The desktop navigation. Groups are <details> disclosures (the disclosure-navigation pattern, not an
 * ARIA menu): they open without JavaScript, and `name` lets only one be open at a time.
 */
export function MainNav({ entries }: { entries: NavEntry[] }) {
  return (
    <nav aria-label="Main" className="hidden border-t border-line lg:block">
      <ul className="mx-auto flex w-full max-w-page flex-wrap items-center gap-x-1 px-5">
        {entries.map((entry) => (
          <li key={entry.href} className="relative">
            {entry.links.length > 0 ? (
              <details name="main-nav" className="group">
                <summary className={topItem}>
                  {entry.label}
                  <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
                </summary>
                <div className="absolute top-full left-0 z-(--z-menu) mt-1 w-72 rounded-card border border-line bg-surface p-2 shadow-xl">
                  <ul>
                    <li>
                      <NavLink
                        to={entry.href}
                        end
                        className="block rounded-control px-3 py-2.5 font-semibold text-ink hover:bg-sunk aria-[current=page]:text-accent"
                      >
                        All {entry.label.toLowerCase()}
                      </NavLink>
                    </li>
                    {entry.links.map((link) => (
                      <li key={link.href}>
                        <NavLink
                          to={link.href}
                          className="block rounded-control px-3 py-2.5 text-ink hover:bg-sunk aria-[current=page]:text-accent"
                        >
                          {link.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              </details>
            ) : (
              <NavLink to={entry.href} className={topItem}>
                {entry.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
