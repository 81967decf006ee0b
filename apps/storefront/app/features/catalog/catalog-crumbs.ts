import type { CategoryCrumb } from "@quire/contracts";
import type { Crumb as UiCrumb } from "~/components/ui/breadcrumbs";
import type { Crumb as JsonLdCrumb } from "./structured-data";
import { t } from "~/lib/i18n/messages/catalog";

/** One step of a catalogue trail: Home › Store › Gifts › For her › The book. */
export interface TrailStep {
  label: string;
  path: string;
}

export function categoryPath(slug: string): string {
  return `/store/${slug}`;
}

const START: TrailStep[] = [
  { label: t("catalog.home"), path: "/" },
  { label: t("catalog.store"), path: "/store" },
];

/** The trail to /store itself. */
export function storeTrail(): TrailStep[] {
  return [...START];
}

/**
 * The trail to a category page or product page. `ancestors` are the API's breadcrumbs (root first); a
 * crumb equal to the current category is skipped, so the trail reads the same whether or not the API
 * includes the category itself.
 */
export function catalogTrail(ancestors: CategoryCrumb[], current: { label: string; path: string; categoryId?: number }): TrailStep[] {
  const steps = ancestors
    .filter((crumb) => crumb.id !== current.categoryId)
    .map((crumb) => ({ label: crumb.name, path: categoryPath(crumb.slug) }));
  return [...START, ...steps, { label: current.label, path: current.path }];
}

/** For the Breadcrumbs component: every step a link but the last (the current page). */
export function toUiCrumbs(trail: TrailStep[]): UiCrumb[] {
  return trail.map((step, index) => (index === trail.length - 1 ? { label: step.label } : { label: step.label, href: step.path }));
}

/** For BreadcrumbList JSON-LD: absolute URLs. */
export function toJsonLdCrumbs(trail: TrailStep[], origin: string): JsonLdCrumb[] {
  return trail.map((step) => ({ name: step.label, url: new URL(step.path, origin).toString() }));
}
