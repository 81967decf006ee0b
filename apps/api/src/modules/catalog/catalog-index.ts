import type { ProductSort } from "@quire/contracts";
import { LRUCache } from "lru-cache";
import type { SearchDocumentRow, SearchPostings } from "./search/search-postings";
import { MAX_FACET_VALUES, type FacetsResult, type FacetValueRow, type ProductSelection } from "./catalog.repository";

/*
 * The catalogue index of one store (decision 028): every published product as a dense slot, in id order,
 * with its attribute values, categories and lowest price per currency in typed arrays (a forward index),
 * and each sort as a permutation of the slots that PostgreSQL ordered. A selection is one pass over the
 * slots; facet counts are counted in that same pass; a page of any sort is a walk of the sort's permutation,
 * kept per selection, so the last page of the result window costs what the first does. Only the page's ids
 * go to PostgreSQL, for their cards.
 *
 * An index is immutable: following changes builds a new one (`withChanges`), so a request that holds one
 * sees one state throughout. No I/O here: catalog-index.repository.ts loads what it is built from, and
 * catalog-index-keeper.ts decides when.
 */

/** A filterable attribute's value, as the facets answer names it. */
export interface FacetValueMeta {
  id: number;
  attributeId: number;
  attributeCode: string;
  attributeName: string;
  code: string;
  label: string;
  position: number;
}

/** Published products of a store (or some of them), ascending by id, each with its lists. */
export interface CatalogueRows {
  ids: Int32Array;
  /** Attribute value ids of product i: valueIds[valueOffsets[i] .. valueOffsets[i + 1]). */
  valueOffsets: Int32Array;
  valueIds: Int32Array;
  categoryOffsets: Int32Array;
  categoryIds: Int32Array;
  /** Lowest price per currency, per product (-1: no price in that currency). */
  prices: Map<string, Int32Array>;
}

/** The orders a page can be walked in; price orders hold only the products priced in their currency. */
export type SortKey = "popular" | "newest" | "name" | `price:${string}`;

/** What PostgreSQL answered about a batch of changed products. */
export interface ProductChanges {
  /** Every product a change named, published or not, this store's or not. */
  changedIds: number[];
  /** The changed products that are now this store's published products. */
  rows: CatalogueRows;
  /**
   * Per order, the changed products that belong in it, in its order, each with the unchanged product it
   * comes right after (null: first).
   */
  placements: Map<SortKey, { id: number; after: number | null }[]>;
  values: FacetValueMeta[];
  /** The changed products' search documents now (none for a product that has none any more). */
  searchRows: SearchDocumentRow[];
}

interface Attribute {
  id: number;
  code: string;
  values: FacetValueMeta[];
}

interface Selected {
  bits: Uint32Array;
  total: number;
}

interface PageWindow {
  slots: number[];
  /** Where the walk stopped: the phase (0: the order, 1: unpriced products by id) and the index in it. */
  phase: number;
  index: number;
  done: boolean;
}

type CompiledSelection = ReturnType<StoreCatalogueIndex["compile"]>;

const NO_PRICE = -1;

export class StoreCatalogueIndex {
  readonly size: number;
  private readonly slotOfId: Int32Array;
  private readonly orders: Map<SortKey, Int32Array>;
  private readonly attributes: Attribute[];
  /** Dense attribute index of a filterable value, by value id; -1 for any other value. */
  private readonly attributeOfValue: Int32Array;
  private readonly maxCategoryId: number;
  private readonly selections = new LRUCache<string, Selected>({ max: 64 });
  private readonly windows = new LRUCache<string, PageWindow>({ max: 256 });

  private constructor(
    private readonly rows: CatalogueRows,
    orders: Map<SortKey, Int32Array>,
    readonly values: FacetValueMeta[],
    /** The store's search words as posting lists (search-postings.ts), what a search ranks in; null: PostgreSQL ranks. */
    readonly search: SearchPostings | null,
  ) {
    this.size = rows.ids.length;
    const maxId = rows.ids.length > 0 ? rows.ids[rows.ids.length - 1]! : 0;
    this.slotOfId = new Int32Array(maxId + 1).fill(-1);
    for (let slot = 0; slot < rows.ids.length; slot++) this.slotOfId[rows.ids[slot]!] = slot;
    this.orders = new Map();
    for (const [key, ids] of orders) {
      const slots = new Int32Array(ids.length);
      let length = 0;
      for (const id of ids) {
        const slot = id < this.slotOfId.length ? this.slotOfId[id]! : -1;
        if (slot >= 0) slots[length++] = slot;
      }
      this.orders.set(key, length === ids.length ? slots : slots.slice(0, length));
    }

    this.attributes = [];
    let maxValueId = 0;
    for (const value of values) maxValueId = Math.max(maxValueId, value.id);
    for (const id of rows.valueIds) maxValueId = Math.max(maxValueId, id);
    this.attributeOfValue = new Int32Array(maxValueId + 1).fill(-1);
    for (const value of values) {
      let attribute = this.attributes.at(-1);
      if (attribute?.id !== value.attributeId) {
        attribute = { id: value.attributeId, code: value.attributeCode, values: [] };
        this.attributes.push(attribute);
      }
      attribute.values.push(value);
      this.attributeOfValue[value.id] = this.attributes.length - 1;
    }
    let maxCategoryId = 0;
    for (const id of rows.categoryIds) maxCategoryId = Math.max(maxCategoryId, id);
    this.maxCategoryId = maxCategoryId;
  }

  /** An index of these rows; `orders` list product ids, and may name products the rows lack (left out). */
  static build(rows: CatalogueRows, orders: Map<SortKey, Int32Array>, values: FacetValueMeta[], search: SearchPostings | null = null) {
    return new StoreCatalogueIndex(rows, orders, values, search);
  }

  /**
   * This index with a batch of changes applied, or null when the changes name a neighbour the index does
   * not hold (a change it has not heard of yet): the caller then builds afresh.
   */
  withChanges(changes: ProductChanges): StoreCatalogueIndex | null {
    let search: SearchPostings | null = null;
    if (this.search) {
      search = this.search.withChanges(changes.changedIds, changes.searchRows);
      // Too many changed documents beside the lists: build everything again.
      if (!search) return null;
    }
    const changed = new Set(changes.changedIds);
    const fresh = changes.rows;
    const old = this.rows;

    // Slots: the unchanged products and the changed ones still published, merged in id order.
    const ids: number[] = [];
    const source: number[] = []; // >= 0: old slot; < 0: -(index in fresh) - 1
    let f = 0;
    for (let slot = 0; slot <= old.ids.length; slot++) {
      const id = slot < old.ids.length ? old.ids[slot]! : Number.POSITIVE_INFINITY;
      while (f < fresh.ids.length && fresh.ids[f]! < id) {
        ids.push(fresh.ids[f]!);
        source.push(-f - 1);
        f++;
      }
      if (slot < old.ids.length && !changed.has(id)) {
        ids.push(id);
        source.push(slot);
      }
    }
    const copyLists = (offsets: Int32Array, list: Int32Array, freshOffsets: Int32Array, freshList: Int32Array) => {
      const newOffsets = new Int32Array(ids.length + 1);
      let length = 0;
      for (let slot = 0; slot < ids.length; slot++) {
        const from = source[slot]!;
        length += from >= 0 ? offsets[from + 1]! - offsets[from]! : freshOffsets[-from]! - freshOffsets[-from - 1]!;
        newOffsets[slot + 1] = length;
      }
      const newList = new Int32Array(length);
      for (let slot = 0; slot < ids.length; slot++) {
        const from = source[slot]!;
        const part =
          from >= 0 ? list.subarray(offsets[from], offsets[from + 1]) : freshList.subarray(freshOffsets[-from - 1], freshOffsets[-from]);
        newList.set(part, newOffsets[slot]);
      }
      return [newOffsets, newList] as const;
    };
    const [valueOffsets, valueIds] = copyLists(old.valueOffsets, old.valueIds, fresh.valueOffsets, fresh.valueIds);
    const [categoryOffsets, categoryIds] = copyLists(old.categoryOffsets, old.categoryIds, fresh.categoryOffsets, fresh.categoryIds);
    const prices = new Map<string, Int32Array>();
    for (const currency of new Set([...old.prices.keys(), ...fresh.prices.keys()])) {
      const oldPrices = old.prices.get(currency);
      const freshPrices = fresh.prices.get(currency);
      const merged = new Int32Array(ids.length);
      for (let slot = 0; slot < ids.length; slot++) {
        const from = source[slot]!;
        merged[slot] = from >= 0 ? (oldPrices?.[from] ?? NO_PRICE) : (freshPrices?.[-from - 1] ?? NO_PRICE);
      }
      prices.set(currency, merged);
    }

    // Orders: the old order less the changed products, each changed one placed after its neighbour.
    const orders = new Map<SortKey, Int32Array>();
    for (const key of new Set<SortKey>([...this.orders.keys(), ...changes.placements.keys()])) {
      const placements = changes.placements.get(key) ?? [];
      const after = new Map<number | null, number[]>();
      for (const placement of placements) {
        const list = after.get(placement.after) ?? [];
        list.push(placement.id);
        after.set(placement.after, list);
      }
      const oldOrder = this.orders.get(key) ?? new Int32Array(0);
      const order = new Int32Array(oldOrder.length + placements.length);
      let length = 0;
      let placed = 0;
      for (const id of after.get(null) ?? []) {
        order[length++] = id;
        placed++;
      }
      for (const slot of oldOrder) {
        const id = old.ids[slot]!;
        if (changed.has(id)) continue;
        order[length++] = id;
        const following = after.get(id);
        if (following) {
          for (const next of following) order[length++] = next;
          placed += following.length;
        }
      }
      if (placed !== placements.length) return null;
      orders.set(key, order.subarray(0, length));
    }
    return new StoreCatalogueIndex(
      { ids: Int32Array.from(ids), valueOffsets, valueIds, categoryOffsets, categoryIds, prices },
      orders,
      changes.values,
      search,
    );
  }

  /** The currencies some product is priced in. */
  currencies() {
    return [...this.rows.prices.keys()];
  }

  /** Bytes held by the index's arrays (not its caches). */
  memoryBytes() {
    let bytes = this.slotOfId.byteLength + this.attributeOfValue.byteLength;
    const rows = this.rows;
    bytes += rows.ids.byteLength + rows.valueOffsets.byteLength + rows.valueIds.byteLength;
    bytes += rows.categoryOffsets.byteLength + rows.categoryIds.byteLength;
    for (const prices of rows.prices.values()) bytes += prices.byteLength;
    for (const order of this.orders.values()) bytes += order.byteLength;
    return bytes + (this.search?.memoryBytes() ?? 0);
  }

  /** Whether the index answers this selection: search text is PostgreSQL's, and a filter is a bit of 30. */
  static answers(selection: ProductSelection) {
    return selection.search === undefined && selection.attributeFilters.length <= 30;
  }

  private compile(selection: ProductSelection) {
    const rows = this.rows;
    let categories: Uint8Array | null = null;
    if (selection.categoryIds) {
      categories = new Uint8Array(this.maxCategoryId + 1);
      for (const id of selection.categoryIds) if (id <= this.maxCategoryId) categories[id] = 1;
    }
    let slots: Int32Array | null = null;
    if (selection.ids) {
      // Marked, then read in slot order: a search's hundreds of thousands of ids need no set and no sort.
      const marked = new Uint8Array(this.size);
      let count = 0;
      for (const id of selection.ids) {
        const slot = id >= 0 && id < this.slotOfId.length ? this.slotOfId[id]! : -1;
        if (slot >= 0 && marked[slot] === 0) {
          marked[slot] = 1;
          count++;
        }
      }
      slots = new Int32Array(count);
      for (let slot = 0, at = 0; at < count; slot++) if (marked[slot] === 1) slots[at++] = slot;
    }
    const filterCount = selection.attributeFilters.length;
    const filterMask = new Uint32Array(filterCount > 0 ? this.attributeOfValue.length : 0);
    /** Which filter (by bit) each dense attribute is, -1 for none. */
    const filterOfAttribute = new Int32Array(this.attributes.length).fill(-1);
    selection.attributeFilters.forEach((filter, bit) => {
      for (const id of filter.valueIds) if (id >= 0 && id < filterMask.length) filterMask[id]! |= 1 << bit;
      const attribute = this.attributes.findIndex((candidate) => candidate.code === filter.code);
      if (attribute >= 0) filterOfAttribute[attribute] = bit;
    });
    return {
      categories,
      slots,
      filterMask,
      filterOfAttribute,
      full: (1 << filterCount) - 1,
      prices: rows.prices.get(selection.currencyCode) ?? null,
      bounded: selection.price !== undefined,
      min: selection.price?.min ?? Number.NEGATIVE_INFINITY,
      max: selection.price?.max ?? Number.POSITIVE_INFINITY,
    };
  }

  /**
   * One pass over the selection's candidates (all slots, or the slots of its ids): counts the products in it,
   * marks them in `bits`, and, with `counts`, counts their filterable values disjunctively (a value of a
   * filtered attribute counts the products that pass every other filter). The price range is over the
   * products that pass the filters, whatever the price bounds. Written as one loop over typed arrays: it is
   * the part whose cost grows with the catalogue.
   */
  private scan(compiled: CompiledSelection, output: { counts?: Int32Array; bits?: Uint32Array }) {
    const { valueOffsets, valueIds, categoryOffsets, categoryIds } = this.rows;
    const attributeOfValue = this.attributeOfValue;
    const { categories, slots, filterMask, filterOfAttribute, full, prices, bounded, min, max } = compiled;
    const counts = output.counts ?? null;
    const bits = output.bits ?? null;
    const maskLength = filterMask.length;
    const categoryLength = categories === null ? 0 : categories.length;
    const end = slots === null ? this.size : slots.length;
    let total = 0;
    let minPrice = Number.POSITIVE_INFINITY;
    let maxPrice = Number.NEGATIVE_INFINITY;
    for (let candidate = 0; candidate < end; candidate++) {
      const slot = slots === null ? candidate : slots[candidate]!;
      if (categories !== null) {
        let inside = false;
        for (let at = categoryOffsets[slot]!, stop = categoryOffsets[slot + 1]!; at < stop; at++) {
          const id = categoryIds[at]!;
          if (id < categoryLength && categories[id] === 1) {
            inside = true;
            break;
          }
        }
        if (!inside) continue;
      }
      const valuesStart = valueOffsets[slot]!;
      const valuesEnd = valueOffsets[slot + 1]!;
      let missing = 0;
      if (full !== 0) {
        let matched = 0;
        for (let at = valuesStart; at < valuesEnd; at++) {
          const id = valueIds[at]!;
          if (id < maskLength) matched |= filterMask[id]!;
        }
        missing = full & ~matched;
      }
      const price = prices === null ? NO_PRICE : prices[slot]!;
      if (missing === 0 && price !== NO_PRICE) {
        if (price < minPrice) minPrice = price;
        if (price > maxPrice) maxPrice = price;
      }
      if (bounded && (price === NO_PRICE || price < min || price > max)) continue;
      if (missing === 0) {
        total++;
        if (bits !== null) bits[slot >>> 5]! |= 1 << (slot & 31);
        if (counts !== null) {
          for (let at = valuesStart; at < valuesEnd; at++) {
            const id = valueIds[at]!;
            if (attributeOfValue[id] !== -1) counts[id]!++;
          }
        }
      } else if (counts !== null && (missing & (missing - 1)) === 0) {
        // Fails one filter only: counts towards that filter's own attribute.
        const bit = 31 - Math.clz32(missing);
        for (let at = valuesStart; at < valuesEnd; at++) {
          const id = valueIds[at]!;
          const attribute = attributeOfValue[id]!;
          if (attribute !== -1 && filterOfAttribute[attribute] === bit) counts[id]!++;
        }
      }
    }
    return { total, minPrice, maxPrice };
  }

  /** Facet counts, price range and total, as catalog.repository's getFacets answers them. */
  facets(selection: ProductSelection): FacetsResult {
    const compiled = this.compile(selection);
    const { filterOfAttribute } = compiled;
    const counts = new Int32Array(this.attributeOfValue.length);
    const { total, minPrice, maxPrice } = this.scan(compiled, { counts });

    const values: FacetValueRow[] = [];
    this.attributes.forEach((attribute, index) => {
      const bit = filterOfAttribute[index]!;
      const selected = new Set(bit === -1 ? [] : selection.attributeFilters[bit]!.valueIds);
      const shown = attribute.values.filter((value) => counts[value.id]! > 0 || selected.has(value.id));
      let kept: Set<number> | null = null;
      if (shown.length > MAX_FACET_VALUES) {
        const ranked = [...shown].sort((a, b) => counts[b.id]! - counts[a.id]! || a.position - b.position || a.id - b.id);
        kept = new Set(ranked.slice(0, MAX_FACET_VALUES).map((value) => value.id));
      }
      for (const value of shown) {
        const isSelected = selected.has(value.id);
        if (kept && !kept.has(value.id) && !isSelected) continue;
        values.push({
          attributeCode: value.attributeCode,
          attributeName: value.attributeName,
          code: value.code,
          label: value.label,
          count: counts[value.id]!,
          isSelected,
        });
      }
    });
    return {
      total,
      minPrice: minPrice === Number.POSITIVE_INFINITY ? null : minPrice,
      maxPrice: maxPrice === Number.NEGATIVE_INFINITY ? null : maxPrice,
      values,
    };
  }

  /** The selection's products as a bitset over slots, with their number; kept for repeated selections. */
  private select(selection: ProductSelection, key: string): Selected {
    const cached = this.selections.get(key);
    if (cached) return cached;
    const bits = new Uint32Array((this.size + 31) >>> 5);
    const { total } = this.scan(this.compile(selection), { bits });
    const selected = { bits, total };
    this.selections.set(key, selected);
    return selected;
  }

  /** How many products the selection holds. `key` names the selection when its JSON would be long (a search's ids). */
  count(selection: ProductSelection, key = JSON.stringify(selection)) {
    return this.select(selection, key).total;
  }

  /**
   * One page of the selection's products in the order of `order` (a search's ranking: ids, best first), and
   * the selection's total. Ids not in the selection, or not in the index, are passed over.
   */
  pageInOrder(
    selection: ProductSelection,
    order: readonly number[],
    page: { offset: number; limit: number },
    key = JSON.stringify(selection),
  ) {
    const { bits, total } = this.select(selection, key);
    const ids: number[] = [];
    let passed = 0;
    for (const id of order) {
      const slot = id >= 0 && id < this.slotOfId.length ? this.slotOfId[id]! : -1;
      if (slot < 0 || (bits[slot >>> 5]! & (1 << (slot & 31))) === 0) continue;
      if (passed++ < page.offset) continue;
      ids.push(id);
      if (ids.length === page.limit) break;
    }
    return { total, ids };
  }

  /**
   * One page of product ids in `sort` order, and the selection's total: what listProductIds and the price
   * sorts of catalog.service answer. Relevance needs search text, which the index does not answer.
   */
  page(
    selection: ProductSelection,
    sort: Exclude<ProductSort, "relevance">,
    page: { offset: number; limit: number },
    selectionKey = JSON.stringify(selection),
  ) {
    const { bits, total } = this.select(selection, selectionKey);
    const windowKey = `${sort}|${selectionKey}`;
    let window = this.windows.get(windowKey);
    if (!window) {
      window = { slots: [], phase: 0, index: 0, done: false };
      this.windows.set(windowKey, window);
    }
    const wanted = page.offset + page.limit;
    if (window.slots.length < wanted && !window.done) this.extend(window, bits, sort, selection.currencyCode, wanted);
    const ids = window.slots.slice(page.offset, wanted).map((slot) => this.rows.ids[slot]!);
    return { total, ids };
  }

  /** Walks the sort's order from where the window stopped until it holds `wanted` products or the order ends. */
  private extend(window: PageWindow, bits: Uint32Array, sort: Exclude<ProductSort, "relevance">, currencyCode: string, wanted: number) {
    const descending = sort === "name-desc" || sort === "price-desc";
    const key: SortKey =
      sort === "price-asc" || sort === "price-desc" ? `price:${currencyCode}` : sort === "name-asc" || sort === "name-desc" ? "name" : sort;
    const order = this.orders.get(key) ?? new Int32Array(0);
    const { slots } = window;
    const has = (slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
    if (window.phase === 0) {
      let index = window.index;
      for (; index < order.length && slots.length < wanted; index++) {
        const slot = order[descending ? order.length - 1 - index : index]!;
        if (has(slot)) slots.push(slot);
      }
      window.index = index;
      if (index < order.length) return;
      if (!key.startsWith("price:")) {
        window.done = true;
        return;
      }
      window.phase = 1;
      window.index = 0;
    }
    // Price orders end with the products that have no price in the currency, by id.
    const prices = this.rows.prices.get(currencyCode);
    let index = window.index;
    for (; index < this.size && slots.length < wanted; index++) {
      const slot = descending ? this.size - 1 - index : index;
      if (has(slot) && (!prices || prices[slot] === NO_PRICE)) slots.push(slot);
    }
    window.index = index;
    window.done = index >= this.size;
  }
}
