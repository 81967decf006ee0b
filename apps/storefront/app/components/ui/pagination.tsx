import { Link } from "react-router";
import { Icon } from "./icon";
import { getPaginationItems } from "./pagination-items";
import { t } from "~/lib/i18n/messages/ui";

const itemClass = "inline-flex min-h-input min-w-11 items-center justify-center rounded-control px-3 text-sm font-medium";
const linkClass = `${itemClass} text-ink hover:bg-sunk`;

/** Page links (plain links, so they work without JavaScript). `hrefForPage` builds each page's URL. */
export function Pagination({
  currentPage,
  totalPages,
  hrefForPage,
  className = "",
}: {
  currentPage: number;
  totalPages: number;
  hrefForPage: (page: number) => string;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  const items = getPaginationItems(currentPage, totalPages);
  return (
    <nav aria-label={t("ui.pagination.label")} className={`flex items-center justify-center gap-1 ${className}`}>
      {currentPage > 1 ? (
        <Link to={hrefForPage(currentPage - 1)} className={linkClass} rel="prev">
          <Icon name="chevron-left" className="size-4" />
          <span className="sr-only sm:not-sr-only sm:ml-1">{t("ui.pagination.previous")}</span>
        </Link>
      ) : null}
      <ul className="flex items-center gap-1">
        {items.map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className={`${itemClass} text-ink-muted`}>
              …
            </li>
          ) : (
            <li key={item}>
              {item === currentPage ? (
                <span aria-current="page" className={`${itemClass} bg-ink text-paper`}>
                  <span className="sr-only">{t("ui.pagination.page_prefix")}</span>
                  {item}
                </span>
              ) : (
                <Link to={hrefForPage(item)} className={linkClass}>
                  <span className="sr-only">{t("ui.pagination.page_prefix")}</span>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {currentPage < totalPages ? (
        <Link to={hrefForPage(currentPage + 1)} className={linkClass} rel="next">
          <span className="sr-only sm:not-sr-only sm:mr-1">{t("ui.pagination.next")}</span>
          <Icon name="chevron-right" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
