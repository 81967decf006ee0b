// The bare baseline's pages: template strings, no framework. They hold what the storefront's pages hold for a
// shopper reading them (header with the menu, breadcrumbs, title, price, description, image, the add-to-basket
// form, a grid of product cards), so the storefront is compared with the least a server could do for the same page.

export interface Money {
  amount: number;
  currencyCode: string;
  originalPrice?: number | null;
}
export interface MenuItem {
  label: string;
  url: string;
  subMenuItems: MenuItem[];
}
export interface Crumb {
  slug: string;
  name: string;
}
export interface Product {
  id: number;
  slug: string;
  name: string;
  subtitle: string;
  byline: string | null;
  description: string;
  images: { url: string; alt: string }[];
  breadcrumbs: Crumb[];
  variants: { id: number; name: string; isMaster: boolean; price: Money | null; isPurchasable: boolean; stock: { status: string } }[];
  hasAddons: boolean;
  addons: Addon[];
}
export interface Addon {
  id: number;
  name: string;
  description: string;
  options: { id: number; name: string; price: Money | null }[];
}
export interface ProductSummary {
  slug: string;
  name: string;
  byline: string | null;
  image: { url: string; alt: string } | null;
  defaultVariantId: number;
  price: Money | null;
}
export interface Listing {
  results: ProductSummary[];
  total: number;
  pageNumber: number;
  totalPages: number;
}
export interface Category {
  slug: string;
  name: string;
  description: string;
  breadcrumbs: Crumb[];
}
export interface Facet {
  code: string;
  name: string;
  values: { code: string; label: string; count: number }[];
}

/** What the header shows: the store's name and its menu (one-call mode has neither from the API). */
export interface Shell {
  storeName: string;
  menu: MenuItem[];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

const formatters = new Map<string, Intl.NumberFormat>();
function formatMoney(money: Money | null): string {
  if (!money) return "";
  let formatter = formatters.get(money.currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-GB", { style: "currency", currency: money.currencyCode });
    formatters.set(money.currencyCode, formatter);
  }
  return formatter.format(money.amount / 100);
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917}header,main,footer{max-width:72rem;margin:auto;padding:1rem}
header nav a{margin-right:1rem}.product{display:grid;gap:2rem;grid-template-columns:2fr 3fr}.product img{width:100%;height:auto}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr))}.grid img{width:100%;aspect-ratio:2/3}
.price{font-size:1.5rem;font-weight:600}button{padding:.6rem 1.2rem}`;

function layout(shell: Shell, title: string, body: string): string {
  const menu = shell.menu
    .map(
      (item) =>
        `<li><a href="${escape(item.url)}">${escape(item.label)}</a>${
          item.subMenuItems.length
            ? `<ul>${item.subMenuItems.map((sub) => `<li><a href="${escape(sub.url)}">${escape(sub.label)}</a></li>`).join("")}</ul>`
            : ""
        }</li>`,
    )
    .join("");
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} | ${escape(shell.storeName)}</title><style>${STYLE}</style></head><body>
<header><a href="/">${escape(shell.storeName)}</a><form action="/search"><input name="q" aria-label="Search"></form>
<nav><ul>${menu}</ul></nav><a href="/cart">Basket</a></header><main>${body}</main>
<footer><a href="/privacy-policy">Privacy</a></footer></body></html>`;
}

function breadcrumbs(trail: Crumb[], last: string): string {
  const links = trail.map((crumb) => `<li><a href="/store/${escape(crumb.slug)}">${escape(crumb.name)}</a></li>`).join("");
  return `<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li>${links}<li aria-current="page">${escape(last)}</li></ol></nav>`;
}

/** The product page: title, price, description, cover, and the add-to-basket form with variants and add-ons. */
export function renderProductPage(shell: Shell, product: Product, addons: Addon[]): string {
  const variant = product.variants.find((candidate) => candidate.isMaster) ?? product.variants[0];
  const image = product.images[0] ?? { url: `/media/covers/${product.slug}.svg`, alt: `Cover of ${product.name}` };
  const paragraphs = product.description
    .split(/\n\s*\n/)
    .map((text) => `<p>${escape(text.trim())}</p>`)
    .join("");
  const variants =
    product.variants.length > 1
      ? `<fieldset><legend>Format</legend>${product.variants
          .map(
            (option) =>
              `<label><input type="radio" name="variantId" value="${option.id}"${option.id === variant?.id ? " checked" : ""}> ${escape(option.name)} ${formatMoney(option.price)}</label>`,
          )
          .join("")}</fieldset>`
      : `<input type="hidden" name="variantId" value="${variant?.id ?? ""}">`;
  const addonChoices = addons
    .map(
      (addon) =>
        `<fieldset><legend>${escape(addon.name)}</legend><p>${escape(addon.description)}</p>${addon.options
          .map(
            (option) =>
              `<label><input type="checkbox" name="addon" value="${option.id}"> ${escape(option.name)} ${formatMoney(option.price)}</label>`,
          )
          .join("")}</fieldset>`,
    )
    .join("");
  const body = `${breadcrumbs(product.breadcrumbs, product.name)}<div class="product">
<img src="${escape(image.url)}" alt="${escape(image.alt)}" width="400" height="600">
<div><h1>${escape(product.name)}</h1>${product.subtitle ? `<p>${escape(product.subtitle)}</p>` : ""}${
    product.byline ? `<p>by ${escape(product.byline)}</p>` : ""
  }
<p class="price">${formatMoney(variant?.price ?? null)}</p><p>${escape(variant?.stock.status ?? "")}</p>
<form method="post" action="/cart/add">${variants}${addonChoices}<label>Quantity <input type="number" name="quantity" value="1" min="1"></label>
<button type="submit"${variant?.isPurchasable ? "" : " disabled"}>Add to basket</button></form>${paragraphs}</div></div>`;
  return layout(shell, product.name, body);
}

/** The category page: title, description, the facets (when the calls brought them) and a grid of product cards. */
export function renderCategoryPage(shell: Shell, category: Category, listing: Listing, facets: Facet[]): string {
  const cards = listing.results
    .map(
      (product) => `<li><a href="/store/product/${escape(product.slug)}"><img src="${escape(
        product.image?.url ?? `/media/covers/${product.slug}.svg`,
      )}" alt="${escape(product.image?.alt ?? "")}" width="200" height="300" loading="lazy">
<h2>${escape(product.name)}</h2></a>${product.byline ? `<p>${escape(product.byline)}</p>` : ""}<p>${formatMoney(product.price)}</p>
<form method="post" action="/cart/add"><input type="hidden" name="variantId" value="${product.defaultVariantId}"><button>Add to basket</button></form></li>`,
    )
    .join("");
  const filters = facets
    .map(
      (facet) =>
        `<fieldset><legend>${escape(facet.name)}</legend>${facet.values
          .map(
            (value) =>
              `<label><input type="checkbox" name="${escape(facet.code)}" value="${escape(value.code)}"> ${escape(value.label)} (${value.count})</label>`,
          )
          .join("")}</fieldset>`,
    )
    .join("");
  const paging = `<nav aria-label="Pages">Page ${listing.pageNumber} of ${listing.totalPages}${
    listing.pageNumber < listing.totalPages ? ` <a href="?page=${listing.pageNumber + 1}">Next</a>` : ""
  }</nav>`;
  const body = `${breadcrumbs(category.breadcrumbs, category.name)}<h1>${escape(category.name)}</h1><p>${escape(category.description)}</p>
<p>${listing.total} books</p>${filters ? `<form>${filters}<button>Filter</button></form>` : ""}<ul class="grid">${cards}</ul>${paging}`;
  return layout(shell, category.name, body);
}
