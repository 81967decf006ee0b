import { AUTHOR_FIRST_NAMES, AUTHOR_SURNAMES, CLOSERS, GENRES, SHARED_SLOTS, type Genre } from "./demo-genres";
import {
  CURRENCIES,
  FORMATS,
  OCCASION_CATEGORY,
  type AgeRangeCode,
  type CurrencyCode,
  type FormatCode,
  type OccasionCode,
  type ProductTypeCode,
  type ThemeCode,
} from "./demo-shop";
import { createSeededRandom, type SeededRandom } from "./seeded-random";

/** One generated book, before it has database ids. Everything in it follows from its number and seed. */
export interface BookDraft {
  number: number;
  slug: string;
  title: string;
  subtitle: string;
  author: { code: string; name: string };
  description: string;
  genre: string;
  productType: ProductTypeCode;
  categorySlugs: string[];
  formats: FormatCode[];
  ageRange: AgeRangeCode;
  occasions: OccasionCode[];
  themes: ThemeCode[];
  addonCodes: string[];
  popularity: number;
  createdAt: Date;
  image: { url: string; alt: string };
  variants: {
    sku: string;
    /** ISBN-13, digits only: one per edition, as real books have. */
    isbn: string;
    name: string;
    format: FormatCode;
    stockQuantity: number;
    prices: Record<CurrencyCode, { amount: number; original?: number }>;
    tierPrices?: Record<CurrencyCode, { minQuantity: number; amount: number }[]>;
  }[];
}

/** Books are published between these dates; the last four months count as new releases. */
const FIRST_PUBLISHED = Date.UTC(2022, 5, 1);
const PUBLISHING_DAYS = 1095;
export const NEW_RELEASES_FROM = new Date(Date.UTC(2025, 1, 1));
/** Popularity at or above which a book is a bestseller (about one book in six). */
export const BESTSELLER_POPULARITY = 6500;

const EXCHANGE_RATES: Record<CurrencyCode, number> = { GBP: 1, EUR: 1.17, USD: 1.27 };

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Every invented author, in a fixed shuffled order: pairs of an invented first name and surname.
 * The first `size` are the pool a catalogue draws from, so the demo's authors are also the large
 * catalogue's first authors.
 */
export function authorPool(size: number): { code: string; name: string }[] {
  const all = AUTHOR_FIRST_NAMES.flatMap((first) => AUTHOR_SURNAMES.map((last) => `${first} ${last}`));
  const order = createSeededRandom(0x5eed_a07).sample(all, all.length);
  return order.slice(0, Math.min(size, order.length)).map((name) => ({ code: slugify(name), name }));
}
export const MAX_AUTHORS = AUTHOR_FIRST_NAMES.length * AUTHOR_SURNAMES.length;

const TOTAL_WEIGHT = GENRES.reduce((sum, genre) => sum + genre.weight, 0);

function pickGenre(random: SeededRandom): { genre: Genre; index: number } {
  let roll = random.next() * TOTAL_WEIGHT;
  for (const [index, genre] of GENRES.entries()) {
    roll -= genre.weight;
    if (roll < 0) return { genre, index };
  }
  return { genre: GENRES[GENRES.length - 1]!, index: GENRES.length - 1 };
}

/** Fills {slots}; a slot keeps its first value for the whole book so title and blurb agree. */
function createFiller(random: SeededRandom, genre: Genre, fixed: Record<string, string>) {
  const chosen = new Map<string, number>();
  const list = (name: string) => genre.slots[name] ?? SHARED_SLOTS[name];
  const value = (name: string): string => {
    if (name in fixed) return fixed[name]!;
    const lower = name.endsWith("Lower") ? name.slice(0, -"Lower".length) : null;
    if (lower && !list(name)) return value(lower).toLowerCase();
    const items = list(name);
    if (!items) throw new Error(`genre ${genre.key} uses an unknown slot {${name}}`);
    const shared = lower ?? name;
    let index = chosen.get(shared);
    if (index === undefined) {
      index = random.int(0, items.length - 1);
      chosen.set(shared, index);
    }
    return items[index % items.length]!;
  };
  return (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
}

function poundsIn(currency: CurrencyCode, pounds: number) {
  return Math.ceil(pounds * EXCHANGE_RATES[currency]);
}

/**
 * The ISBN-13 of a book's edition: prefix 978-1, then the book's number and its format's place (of fewer than ten), then the
 * check digit (weights 1 and 3, mod 10). Unique per book and format, the same in every seed.
 */
export function isbnFor(number: number, format: FormatCode): string {
  const formatIndex = Object.keys(FORMATS).indexOf(format);
  const first12 = `9781${String(number * 10 + formatIndex).padStart(8, "0")}`;
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** Prices end in .99: whole units times 100, less one. */
const ninetyNine = (units: number) => units * 100 - 1;

/**
 * Generates book number `number` from `random`. `authors` is the pool the book's author comes from;
 * each genre draws from its own slice of it, so an author writes in one genre.
 */
export function generateBook(
  number: number,
  random: SeededRandom,
  authors: { code: string; name: string }[],
): Omit<BookDraft, "slug" | "image"> & { slugBase: string; palette: number } {
  const { genre, index: genreIndex } = pickGenre(random);
  const perGenre = Math.max(1, Math.floor((authors.length - genreIndex - 1) / GENRES.length) + 1);
  const author = authors[(genreIndex + GENRES.length * random.int(0, perGenre - 1)) % authors.length]!;

  const fill = createFiller(random, genre, { author: author.name });
  const title = fill(random.pick(genre.titles));
  const subtitle = fill(random.pick(genre.subtitles));
  const withTitle = (template: string) => fill(template.replaceAll("{title}", title));
  const sentences = [withTitle(random.pick(genre.openers)), withTitle(random.pick(genre.middles))];
  if (random.chance(0.7)) sentences.push(random.pick(CLOSERS).replace("{audience}", random.pick(genre.audiences)));

  const createdAt = new Date(FIRST_PUBLISHED + random.int(0, PUBLISHING_DAYS - 1) * 86_400_000 + random.int(8, 17) * 3_600_000);
  const popularity = Math.floor(10_000 * random.next() ** 2.5);
  const occasions = random.sample(genre.occasions, random.int(1, 2));
  const themes = [genre.themes[0]!, ...genre.themes.slice(1).filter(() => random.chance(0.5))];

  const categorySlugs = new Set(genre.categories);
  for (const slug of random.sample(genre.extraCategories, random.int(0, 2))) categorySlugs.add(slug);
  for (const occasion of occasions) {
    const slug = OCCASION_CATEGORY[occasion];
    if (slug) categorySlugs.add(slug);
  }
  if (popularity >= BESTSELLER_POPULARITY) categorySlugs.add("bestsellers");
  if (createdAt >= NEW_RELEASES_FROM) categorySlugs.add("new-releases");
  if (random.chance(0.06)) categorySlugs.add("staff-picks");
  if (random.chance(0.04)) categorySlugs.add("award-winners");

  const formats = random.pick(genre.formatSets);
  const onSale = random.chance(0.15);
  const saleFactor = random.pick([0.7, 0.75, 0.8]);
  const hasTiers = random.chance(0.1);
  const variants = formats.map((format) => {
    const [low, high] = FORMATS[format].pounds;
    const pounds = Math.max(3, Math.round(random.int(low, high) * genre.priceScale));
    const prices = {} as Record<CurrencyCode, { amount: number; original?: number }>;
    const tierPrices = {} as Record<CurrencyCode, { minQuantity: number; amount: number }[]>;
    for (const currency of CURRENCIES) {
      const regular = ninetyNine(poundsIn(currency, pounds));
      const amount = onSale ? ninetyNine(Math.max(2, Math.floor(poundsIn(currency, pounds) * saleFactor))) : regular;
      prices[currency] = onSale && amount < regular ? { amount, original: regular } : { amount: regular };
      tierPrices[currency] = [
        { minQuantity: 5, amount: Math.floor(prices[currency].amount * 0.95) },
        { minQuantity: 10, amount: Math.floor(prices[currency].amount * 0.9) },
      ];
    }
    const stockRoll = random.next();
    const stockQuantity = stockRoll < 0.05 ? 0 : stockRoll < 0.13 ? random.int(1, 5) : random.int(12, 240);
    return {
      sku: `QB-${String(number).padStart(6, "0")}-${FORMATS[format].skuSuffix}`,
      isbn: isbnFor(number, format),
      name: FORMATS[format].label,
      format,
      stockQuantity,
      prices,
      ...(hasTiers ? { tierPrices } : {}),
    };
  });

  const addonCodes: string[] = [];
  if (genre.productType !== "gift-set" && random.chance(0.85)) addonCodes.push("gift-wrap");
  if (random.chance(genre.productType === "gift-set" ? 0.9 : 0.7)) addonCodes.push("message-card");

  return {
    number,
    slugBase: slugify(title),
    title,
    subtitle,
    author,
    description: sentences.join(" "),
    genre: genre.key,
    productType: genre.productType,
    categorySlugs: [...categorySlugs],
    formats,
    ageRange: genre.ageRange,
    occasions,
    themes,
    addonCodes,
    popularity,
    createdAt,
    palette: random.int(0, 11),
    variants,
  };
}

/** The cover URL the storefront draws an SVG cover from (never fetched from elsewhere). */
export function coverImage(slug: string, title: string, author: string, palette: number) {
  const query = `t=${encodeURIComponent(title)}&a=${encodeURIComponent(author)}&p=${palette}`;
  return { url: `/media/covers/${slug}.svg?${query}`, alt: `Cover of ${title}` };
}

export function finishDraft(book: ReturnType<typeof generateBook>, slug: string): BookDraft {
  const { slugBase: _slugBase, palette, ...rest } = book;
  return { ...rest, slug, image: coverImage(slug, book.title, book.author.name, palette) };
}
