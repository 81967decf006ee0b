export type PaginationItem = number | "gap";

/**
 * The page numbers to offer: always the first and last, the current page with `siblings` either side, and
 * a gap where pages are skipped. A gap never hides a single page (it shows the number instead).
 */
export function getPaginationItems(currentPage: number, totalPages: number, siblings = 1): PaginationItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const current = Math.min(Math.max(1, currentPage), totalPages);
  const pages = new Set<number>([1, totalPages]);
  for (let page = current - siblings; page <= current + siblings; page++) {
    if (page >= 1 && page <= totalPages) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push("gap");
    items.push(page);
    previous = page;
  }
  return items;
}
