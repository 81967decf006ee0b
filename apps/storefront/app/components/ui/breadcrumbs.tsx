import { Link } from "react-router";
import { Icon } from "./icon";
import { t } from "~/lib/i18n/messages/ui";

export interface Crumb {
  label: string;
  /** Omit on the current page (the last crumb). */
  href?: string;
}

/** A breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ items, className = "" }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label={t("ui.breadcrumbs.label")} className={`text-sm text-ink-muted ${className}`}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((crumb, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="flex items-center gap-x-1.5">
              {crumb.href && !isLast ? (
                <Link to={crumb.href} className="underline-offset-3 hover:text-ink hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={isLast ? "page" : undefined} className={isLast ? "font-medium text-ink" : undefined}>
                  {crumb.label}
                </span>
              )}
              {isLast ? null : <Icon name="chevron-right" className="size-3.5 shrink-0" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
