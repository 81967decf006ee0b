// The contracts' plain values: limits, enums, header names, the error-code catalogue and the text and password
// rules, with no zod (docs/decisions/022). Browser code imports them as "@quire/contracts/constants", so a
// client component never pulls zod and every schema into its bundle; the schemas import them from here, so
// each value is written once. Types derived from the schemas stay in "@quire/contracts" (`import type`).

export * from "./error-codes";
export * from "./password-rules";
export * from "./text-rules";

// ---------------------------------------------------------------- requests: bounds of what storage holds, paging, headers

/** The largest value of a PostgreSQL `integer` column: every id and count in Quire is one. */
export const INT32_MAX = 2_147_483_647;
export const MAX_PAGE_SIZE = 100;
/** Deepest result a page may reach (PageNumber × PageSize). Past it, narrow the query instead. */
export const MAX_RESULT_WINDOW = 10_000;
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/**
 * The recommendation types: books like one (shared authors, themes, occasions, categories),
 * what shoppers look at and buy now, what is bought with one, and what the merchant links to one.
 */
export const RECOMMENDATION_TYPES = ["similar", "trending", "bought-together", "related"] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];
export const MAX_RECOMMENDATIONS = 24;

/** The longest search text a shopper can send (GET /products' SearchText, the autocomplete, the search box). */
export const SEARCH_TEXT_MAX = 200;
export const HEADER_NAMES = {
  apiKey: "API-Key",
  storeKey: "StoreKey",
  currencyCode: "CurrencyCode",
  countryCode: "CountryCode",
} as const;

// ---------------------------------------------------------------- store settings

export const INVENTORY_AVAILABILITY_MODES = ["None", "AvailableQuantity", "InStock", "LowStockAlert"] as const;
export const ANONYMOUS_PRODUCT_POLICIES = [
  "None",
  "HiddenForUnauthorized",
  "HiddenPricesForUnauthorized",
  "AllowedUnauthorizedCheckout",
] as const;

// ---------------------------------------------------------------- catalogue

export const STOCK_STATUSES = ["InStock", "LowStock", "OutOfStock"] as const;
export const PRODUCT_SORTS = ["relevance", "newest", "popular", "name-asc", "name-desc", "price-asc", "price-desc"] as const;
/** Most products one GET /add-ons/by-product may name (a cart page's products, in one call). */
export const MAX_ADDON_PRODUCTS = 100;
/** Most SKUs one quick-order lookup may name. */
export const MAX_SKU_LOOKUP = 50;
/** Variants one analytics lookup may name: a page of cards (48) with room to spare, a cart's lines. */
export const MAX_ANALYTICS_ITEMS = 100;
/** Category levels an analytics product item carries, root first; deeper levels are left out. */
export const ANALYTICS_CATEGORY_LEVELS = 6;

// ---------------------------------------------------------------- cart

/** Most units one cart line may hold. */
export const MAX_CART_LINE_QUANTITY = 999;
/** Most lines (or add-on options) one request may name. */
export const MAX_CART_ITEMS_PER_REQUEST = 100;
export const MAX_ADDON_OPTIONS_PER_LINE = 20;
/** Most lines one bulk add may carry: a quick order's rows (at most 20 on the page) with room to spare. */
export const MAX_BULK_ADD_LINES = 50;
export const CART_NOTIFICATION_CODES = [
  /** The unit price differs from the one the shopper last saw (line). */
  "price_changed",
  /** Stock fell below the line's quantity, which was reduced to what is in stock (line). */
  "quantity_reduced",
  /** The line stays but cannot be bought: no price in the request currency (line). */
  "item_unavailable",
  /** A line was taken out: product unpublished, variant withdrawn or out of stock (generic). */
  "item_removed",
  /** An add-on is no longer offered with the product and was taken off the line (line). */
  "addon_removed",
  /**
   * A line of a reordered order could not be added to the cart, or only partly or without some of its add-ons
   * (generic when nothing was added, else beside the line). PUT /baskets/orders/:orderId/merge.
   */
  "reorder_line_not_added",
] as const;
/**
 * Why a reordered order's line was not added in full (PUT /baskets/orders/:orderId/merge): the codes adding it
 * by hand (PUT /baskets) would have answered, and `addon_unavailable` for a line added without some add-ons.
 */
export const REORDER_LINE_PROBLEMS = [
  /** The variant no longer exists, or its product is no longer sold (unpublished). Nothing added. */
  "variant_not_found",
  /** The variant has no price in the request currency. Nothing added. */
  "price_unavailable",
  /** None in stock. Nothing added. */
  "out_of_stock",
  /** Fewer in stock than ordered (counting what the cart already holds): what there is was added. */
  "insufficient_stock",
  /** The cart line would pass MAX_CART_LINE_QUANTITY units: added up to it. */
  "quantity_limit_exceeded",
  /** Added in full, but some add-ons are no longer offered with the product (or not sold in the currency). */
  "addon_unavailable",
] as const;

// ---------------------------------------------------------------- wishlists

/** The storefront reads a customer's wishlists 50 at a time and loops until it has the total. */
export const WISHLIST_PAGE_SIZE = 50;
/** A customer keeps at most this many lists (409 `wishlist_limit_reached` past it). */
export const MAX_WISHLISTS_PER_CUSTOMER = 100;
/** Addresses in one customer's book, and in one company's shared list. */
export const MAX_CUSTOMER_ADDRESSES = 30;
export const MAX_COMPANY_ADDRESSES = 200;
/** The most buyers GET /admin/companies/:id lists (newest first); its `buyerCount` says how many there are. */
export const MAX_LISTED_COMPANY_BUYERS = 100;
/** A list holds at most this many variants (409 `wishlist_item_limit_reached` past it). */
export const MAX_WISHLIST_ITEMS = 500;
export const MAX_WISHLIST_ITEM_QUANTITY = 9_999;

// ---------------------------------------------------------------- back-in-stock and recently viewed

/** How long an emailed confirmation link works. */
export const BACK_IN_STOCK_CONFIRMATION_DAYS = 7;
/** How many products GET /viewed-products answers at most; a viewer's history keeps more variants than this. */
export const MAX_VIEWED_PRODUCTS = 24;
export const DEFAULT_VIEWED_PRODUCTS = 12;

// ---------------------------------------------------------------- marketing subscriptions (decision 034)

/** The newsletters the shop sends; a subscription is a set of them (none: unsubscribed). */
export const NEWSLETTER_TOPICS = ["new_releases", "offers", "events", "childrens_books"] as const;

/**
 * What a contact form message is about (the form's choice; the shop's mail subject names it). `accessibility` is
 * the accessibility statement's "report a problem" (/accessibility links to /contact-us?subject=accessibility).
 */
export const CONTACT_SUBJECTS = ["order", "delivery", "returns", "gift_help", "trade", "accessibility", "other"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
/** What the account settings' "Email me about new books, offers and events" box turns on when no topic is chosen. */
export const MARKETING_OPT_IN_TOPICS = ["new_releases", "offers", "events"] as const;
/** How long an emailed newsletter confirmation link works; its unsubscribe link works for a year. */
export const NEWSLETTER_CONFIRMATION_DAYS = 7;
export const NEWSLETTER_UNSUBSCRIBE_DAYS = 365;

// ---------------------------------------------------------------- checkout and orders (decision 024)

/** How goods are taxed: books (zero-rated in the UK and Ireland, reduced elsewhere) or at the standard rate (gift wrap, cards). */
export const TAX_CLASSES = ["books", "standard"] as const;
/** What a discount code takes off: a share of the goods, an amount of them, or the delivery charge. */
export const DISCOUNT_KINDS = ["percentage", "fixed_amount", "free_delivery"] as const;
/** Delivery options a zone offers. */
export const DELIVERY_OPTION_KINDS = ["standard", "express", "free"] as const;
/** A basket holds at most one money-off code (percentage or fixed) and one free-delivery code. */
export const MAX_DISCOUNT_CODES = 2;
/**
 * An order's life: placed and awaiting its payment (or a bank transfer against the proforma invoice),
 * confirmed once paid or accepted on account, then shipped and delivered; cancelled by the shopper, the
 * merchant or the job that gives up on unpaid orders (order-status.ts holds the edges).
 */
export const ORDER_STATUSES = ["awaiting_payment", "confirmed", "shipped", "delivered", "cancelled"] as const;
/** Minutes an order may wait for its card or wallet payment before a job cancels it and frees its stock. */
export const UNPAID_ORDER_TIMEOUT_MINUTES = 60;
/** The error text a shopper sees when they place an order without ticking the terms box (terms_not_accepted). */
export const TERMS_NOT_ACCEPTED_MESSAGE = "Please accept the terms and conditions to proceed with the order.";

// ---------------------------------------------------------------- payments (decision 025)

/**
 * The providers a store may offer: card through Stripe's hosted page, the PayPal wallet, two further card
 * gateways (Adyen, Mollie), pay on account against a trade customer's credit, and a proforma invoice paid by
 * bank transfer.
 */
export const PAYMENT_PROVIDER_IDS = ["stripe", "paypal", "adyen", "mollie", "on-account", "proforma-invoice"] as const;
/**
 * A payment's life: created, pending at the gateway (or awaiting a bank transfer), captured when the money is
 * the shop's; failed or cancelled otherwise; refunded after capture (payment-status.ts holds the edges).
 */
export const PAYMENT_STATUSES = ["created", "pending", "captured", "failed", "cancelled", "refunded"] as const;
/**
 * Why money goes back to a payer: the order was cancelled after it was paid, a return was approved, or a
 * gateway captured a payment the shop no longer wanted (an attempt the payer had replaced, or one for an order
 * already cancelled), which is given back unasked; or the merchant chose to give part or all of a paid order's
 * money back (`merchant_refund`: a goodwill gesture, a missing item, a price matched); or the buyer withdrew from the
 * contract (`withdrawal`, decision 061).
 */
export const REFUND_REASONS = ["order_cancelled", "return", "capture_given_back", "merchant_refund", "withdrawal"] as const;
/**
 * A refund's life: pending from the moment it is recorded until its gateway (or the customer's credit) has
 * answered; succeeded or failed then. A bank transfer's refund is owed until the merchant says they paid it back.
 */
export const REFUND_STATUSES = ["pending", "succeeded", "failed", "owed"] as const;
/** Days a proforma invoice gives for the bank transfer before the order is cancelled. */
export const PROFORMA_PAYMENT_DAYS = 14;
/** GET /customers/credits lists at most this many open on-account orders (the newest), with their total count. */
export const MAX_CREDIT_OPEN_ORDERS = 50;

/** Why a customer returns items (GET /order-returns/reasons). */
export const RETURN_REASONS = ["damaged", "wrong_item", "not_as_described", "arrived_late", "unwanted_gift", "changed_mind"] as const;
/** What the customer asks for in return (GET /order-returns/resolutions). */
export const RETURN_RESOLUTIONS = ["refund", "exchange", "store_credit"] as const;
/**
 * A return's statuses (the return machine in the API's returns module): asked for, the parcel received, the
 * merchant's approval or rejection, then settled as asked (refunded, credited or exchanged), or cancelled by
 * the customer before anything arrived.
 */
export const RETURN_STATUSES = ["requested", "received", "approved", "rejected", "refunded", "credited", "exchanged", "cancelled"] as const;
/** How long after delivery items may be returned, in days. */
export const RETURN_WINDOW_DAYS = 30;
/** The longest comment a return may carry. */
export const MAX_RETURN_COMMENT_LENGTH = 1000;

/**
 * A withdrawal's statuses (decision 061): declared by the buyer (acknowledged at once), the goods received back,
 * its refund recorded and on its way (refunding), and refunded. The merchant may refund before the goods are back.
 */
export const WITHDRAWAL_STATUSES = ["declared", "received", "refunding", "refunded"] as const;
/** Why a product cannot be withdrawn from: made to the buyer's wishes, or sealed and unsealed after delivery. */
export const WITHDRAWAL_EXEMPTIONS = ["personalised", "sealed_hygiene", "sealed_recording"] as const;
/** The withdrawal period the law sets, in days from delivery; a shop may give longer (stores.withdrawal_period_days). */
export const WITHDRAWAL_PERIOD_DAYS = 14;
/** The longest withdrawal period a shop may set, in days. */
export const MAX_WITHDRAWAL_PERIOD_DAYS = 365;
/** Days the shop has to refund a withdrawal, from the day it was declared. */
export const WITHDRAWAL_REFUND_DAYS = 14;
export const ADMIN_WITHDRAWAL_SORTS = ["due", "newest"] as const;
/** The longest period one export of consent records covers, in days: a year, a leap year's included (decision 060). */
export const CONSENT_EXPORT_MAX_DAYS = 366;
/** How long a customer's emailed link to delete their account works, in hours (decision 063). */
export const ERASURE_LINK_HOURS = 24;

// ---------------------------------------------------------------- shared caches of public pages (decision 064)

/**
 * The surrogate keys a public page is named by: `settings`, `menu`, `blog`, `catalog`, `product:<id>`,
 * `category:<id>`, `content:<id>`.
 */
export const SURROGATE_KEY_PATTERN = /^(?:settings|menu|blog|catalog|(?:product|category|content):[1-9][0-9]{0,9})$/;
/**
 * The header an answer names its surrogate keys in, space-separated: the API's answers (what each is built from), and
 * the storefront's public pages (the keys of every API answer the page was made from).
 */
export const SURROGATE_KEY_HEADER = "Surrogate-Key";
/**
 * The surrogate key of what a page shows, as the API and the storefront both write it. `menu` is the header's
 * navigation, made of the main menu and the category tree; `blog` is the blog as a whole (its lists, its navigation's
 * counts and its posts), which any post or blog category changes; `catalog` is every list of products that no
 * category names (search results, the whole catalogue's lists, recommendations), which a product's change may join or
 * reorder; `content:<id>` is a content page.
 */
export const surrogateKeys = {
  settings: "settings",
  menu: "menu",
  blog: "blog",
  catalog: "catalog",
  product: (id: number) => `product:${id}`,
  category: (id: number) => `category:${id}`,
  content: (id: number) => `content:${id}`,
} as const;

// ---------------------------------------------------------------- the merchant's side: roles, pictures, files, posts

export const STAFF_ROLES = ["owner", "manager", "fulfilment", "content"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an admin call may need. Every admin operation names exactly one (decision 046's table). */
export const PERMISSIONS = [
  "orders",
  "returns",
  "stock",
  "catalogue",
  "customers",
  "discounts",
  "content",
  "settings",
  "staff",
  "audit",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Each role's permissions. An owner may do everything, including managing staff and tokens and reading the
 * audit log; a manager runs the shop but not its people; fulfilment ships, takes returns back and counts
 * stock; content writes pages, menus and the blog.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: ["orders", "returns", "stock", "catalogue", "customers", "discounts", "content", "settings"],
  fulfilment: ["orders", "returns", "stock"],
  content: ["content"],
};

export function roleAllows(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** GET /admin/products' stock filter: a variant with stock, one at or below its low-stock threshold, none with stock. */
export const ADMIN_PRODUCT_STOCK_FILTERS = ["in_stock", "low", "out"] as const;
/**
 * The orders list's orders (GET /admin/orders `sort`): newest first, or oldest first (the order to pack them in). Each
 * pages by the order's id: `before` the last one shown when newest first, `after` it when oldest first.
 */
export const ADMIN_ORDER_SORTS = ["newest", "oldest"] as const;
/**
 * The product list's orders (GET /admin/products `sort`): newest or oldest first, or by name A to Z (`name`) or Z to A
 * (`name_desc`), ties by id. Newest first pages with `before` (the last product's id); every other order with `after`,
 * the page key the answer's `nextAfter` gives.
 */
export const ADMIN_PRODUCT_SORTS = ["newest", "oldest", "name", "name_desc"] as const;
/**
 * The customer list's orders (GET /admin/customers `sort`): newest or oldest first, or by email A to Z (unique in a
 * store). Newest first pages with `before`; the others with `after`, the key the answer's `nextAfter` gives.
 */
export const ADMIN_CUSTOMER_SORTS = ["newest", "oldest", "email"] as const;
/**
 * The company list's orders (GET /admin/companies `sort`): newest or oldest first, or by name A to Z (unique in a store
 * whatever its capitals). Newest first pages with `before`; the others with `after`, the key the answer's `nextAfter` gives.
 */
export const ADMIN_COMPANY_SORTS = ["newest", "oldest", "name"] as const;
/**
 * The discount code list's orders (GET /admin/discount-codes `sort`): newest or oldest first, or by code A to Z (unique in
 * a store). Newest first pages with `before`; the others with `after`, the key the answer's `nextAfter` gives.
 */
export const ADMIN_DISCOUNT_CODE_SORTS = ["newest", "oldest", "code"] as const;
/** The returns list's orders (GET /admin/order-returns `sort`): newest first, or oldest first (the order to handle them in). */
export const ADMIN_RETURN_SORTS = ["newest", "oldest"] as const;

/** The longest an API token may live, in days. */
export const MAX_API_TOKEN_DAYS = 366;

/** Who wrote an audit log entry: a member of staff, an API token, or a bootstrap key (ADMIN_API_KEYS). */
export const AUDIT_ACTOR_TYPES = ["staff", "api_token", "admin_key"] as const;

/** The largest image file the API takes (a larger one answers 413 `image_too_large`). */
export const MAX_IMAGE_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The most pixels an image may have (width times height), so no upload can ask for gigabytes to decode. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The most images one product may have. */
export const MAX_IMAGES_PER_PRODUCT = 20;
/** The widths, in pixels, each image is stored in (those not wider than the original, and the original's own if narrower). */
export const IMAGE_WIDTHS = [240, 480, 960] as const;

export const CATALOGUE_FILE_FORMATS = ["quire", "shopify"] as const;
export type CatalogueFileFormat = (typeof CATALOGUE_FILE_FORMATS)[number];

/** The largest catalogue file the API takes (a larger upload answers 413 `payload_too_large`). */
export const MAX_CATALOGUE_FILE_BYTES = 100 * 1024 * 1024;
/** The most rows (products' variants and image lines) one file may hold: a larger catalogue is split into files. */
export const MAX_CATALOGUE_FILE_ROWS = 200_000;
/** At most this many problems are listed (the counts still count them all). */
export const MAX_LISTED_PROBLEMS = 1000;

export const BLOG_POST_STATUSES = ["draft", "scheduled", "published"] as const;
