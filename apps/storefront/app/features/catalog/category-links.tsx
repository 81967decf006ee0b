import type { Category } from "@quire/contracts";
import { PrefetchLink } from "~/components/ui/prefetch-link";
import { categoryPath } from "./catalog-crumbs";
import { COVER_PALETTES } from "./cover-svg";
import { t } from "~/lib/i18n/messages/catalog";

/** Top-level categories as tiles, each in the next colour of the cover palettes (so neighbours differ). */
export function CategoryTiles({ categories, labelledBy }: { categories: (Category & { nodes?: unknown[] })[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      {categories.map((category, index) => {
        const palette = COVER_PALETTES[index % COVER_PALETTES.length]!;
        return (
          <li key={category.id}>
            <PrefetchLink
              to={categoryPath(category.slug)}
              style={{ backgroundColor: palette.background, color: palette.ink }}
              className="group flex h-full min-h-24 flex-col justify-between gap-3 rounded-card p-4 shadow-sm transition-shadow hover:shadow-md sm:min-h-36 sm:gap-4 sm:p-5"
            >
              <span>
                <span className="block font-serif text-lg leading-tight font-semibold sm:text-2xl group-hover:underline group-hover:decoration-2 group-hover:underline-offset-4">
                  {category.name}
                </span>
                {/* Phones get the names only, so the products are not pushed far down the page. */}
                {category.description ? <span className="mt-2 line-clamp-2 hidden text-sm sm:block">{category.description}</span> : null}
              </span>
              <span className="text-sm font-semibold">
                {t("catalog.browse")} <span aria-hidden="true">→</span>
              </span>
            </PrefetchLink>
          </li>
        );
      })}
    </ul>
  );
}

/** A category's children as a row of links. */
export function SubcategoryLinks({ parentName, categories }: { parentName: string; categories: Category[] }) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t("catalog.categories_in", { name: parentName })}>
      {/* One scrolling row on a phone, so the products are not pushed below the fold; wrapped from sm up. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {categories.map((category) => (
          <li key={category.id}>
            <PrefetchLink
              to={categoryPath(category.slug)}
              className="inline-flex min-h-10 items-center whitespace-nowrap rounded-full border border-line-strong bg-surface px-4 text-sm font-medium text-ink hover:border-ink hover:bg-sunk"
            >
              {category.name}
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Browse by category": the top-level categories as tiles under a heading; nothing when there are none. */
export function CategorySection({ id, categories, className = "" }: { id: string; categories: Category[]; className?: string }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-title">
        {t("catalog.browse_by_category")}
      </h2>
      <div className="mt-5">
        <CategoryTiles categories={categories} labelledBy={id} />
      </div>
    </section>
  );
}
