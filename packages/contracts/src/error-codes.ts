// The catalogue of error codes: every code the API answers, with the HTTP status it always comes with
// (docs/decisions/014). Plain data with no zod, so browser code can branch on codes without pulling the
// schemas in: import it as "@quire/contracts/error-codes". errors.ts builds the zod schemas from it.
//
// A code names one outcome a client can act on and keeps its spelling for good; its status never varies.
// A message given here is the default an answer carries when the code has only one thing to say.

/** The statuses an error answer can have. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 414 | 415 | 422 | 429 | 431 | 500 | 502 | 503;

interface CatalogueEntry {
  readonly status: ErrorStatus;
  readonly message?: string;
}

export const ERROR_CATALOGUE = {
  // ---------------------------------------------------------------- the HTTP edge, before any handler
  /** Node's parser could not read the request (answered on the socket, before routing). */
  malformed_request: { status: 400, message: "The request is not valid HTTP" },
  request_timeout: { status: 408, message: "The request took too long to arrive" },
  url_too_long: { status: 414 },
  headers_too_large: { status: 431 },
  malformed_url: { status: 400, message: "The URL is not validly percent-encoded" },
  malformed_json: { status: 400, message: "The body is not valid JSON" },
  invalid_content_length: { status: 400, message: "Content-Length does not match the body" },
  body_too_large: { status: 413, message: "The body is too large" },
  unsupported_media_type: { status: 415, message: "Send the body as application/json" },
  /** Any other request Fastify refuses before a handler runs. */
  bad_request: { status: 400, message: "The request is malformed" },
  route_not_found: { status: 404 },
  /** A value the route's schema refuses; `field` names it (`body.email`, `querystring.PageSize`). */
  invalid_input: { status: 400, message: "Invalid value" },
  /** A key the route's schema does not know (inputs are strict). */
  unknown_parameter: { status: 400 },
  /** A storefront form whose `intent` the page does not know, or none: nothing was done (decision 023). */
  unknown_intent: { status: 400, message: "That form isn't one this page knows." },
  /** A bug: the body says nothing about it, the log has it with the request id. */
  internal_error: { status: 500, message: "Something went wrong on our side" },
  /** The database is away for a moment; Retry-After says when to try again (decision 010). */
  service_unavailable: { status: 503, message: "The shop is briefly unavailable. Please try again in a few seconds." },
  /** A per-client limit was reached; Retry-After says when to try again (decision 013). */
  too_many_requests: { status: 429, message: "Too many requests from this address; try again later" },

  // ---------------------------------------------------------------- the request context (headers every call carries)
  api_key_missing: { status: 401, message: "The API-Key header is required" },
  api_key_invalid: { status: 401, message: "The API-Key header is not a valid key" },
  admin_key_missing: { status: 401, message: "The Admin-Key header is required" },
  admin_key_invalid: { status: 401, message: "The Admin-Key header is not a valid admin key" },
  /** GET /metrics without the configured METRICS_TOKEN as its bearer token (issue 13). */
  metrics_token_invalid: { status: 401, message: "The metrics need the configured bearer token" },
  store_key_missing: { status: 400, message: "The StoreKey header is required" },
  store_key_invalid: { status: 400, message: "The StoreKey header is too long" },
  store_not_found: { status: 404 },
  /** The merchant's settings (decision 050): a default outside the store's list, a minimum in a currency it does not sell in. */
  settings_inconsistent: { status: 400 },
  currency_not_supported: { status: 400 },
  country_not_supported: { status: 400 },
  /** A sent bearer token that is forged, expired or revoked: the storefront signs out and goes to sign-in. */
  token_invalid: { status: 401, message: "The sign-in token is invalid, expired or revoked; sign in again" },

  // ---------------------------------------------------------------- the merchant's staff and tokens (decision 046)
  /** An admin call's bearer token that is not a live staff session or API token (forged, expired, revoked). */
  staff_token_invalid: { status: 401, message: "The staff session or API token is invalid, expired or revoked" },
  /** The caller's role does not hold the permission the call needs. */
  permission_denied: { status: 403, message: "Your role does not allow this" },
  second_factor_invalid: { status: 401, message: "The code is incorrect or has been used; enter the current one" },
  two_factor_not_started: { status: 409, message: "Start two-factor set-up first" },
  two_factor_already_enabled: { status: 409, message: "Two-factor sign-in is already on" },
  staff_not_found: { status: 404, message: "No member of staff has this id" },
  staff_email_taken: { status: 409, message: "This email already belongs to a member of staff" },
  last_owner: { status: 409, message: "The shop needs at least one active owner" },
  staff_invitation_invalid: { status: 400, message: "This invitation link is not valid" },
  staff_invitation_used: { status: 410, message: "This invitation has already been accepted; sign in" },
  staff_invitation_not_found: { status: 404, message: "No invitation of the shop is waiting with that id" },
  staff_invitation_expired: { status: 410, message: "This invitation has expired; ask an owner for a new one" },
  api_token_not_found: { status: 404, message: "No API token has this id" },
  /** The first owner's set-up link, asked for or used when the shop already has an active owner. */
  shop_has_owner: { status: 409, message: "This shop already has an owner: sign in, or ask an owner for an invitation" },
  /** A call only a bootstrap key (ADMIN_API_KEYS) may make: making the shop's first owner. */
  bootstrap_key_required: { status: 403, message: "Only a bootstrap admin key may do this" },
  staff_set_up_link_invalid: { status: 404, message: "This set-up link is not valid" },
  staff_set_up_link_used: { status: 410, message: "This set-up link has already been used; sign in" },
  staff_set_up_link_expired: { status: 410, message: "This set-up link has expired or was replaced by a newer one" },

  // ---------------------------------------------------------------- the signed-in customer
  authentication_required: { status: 401, message: "Sign in to continue" },
  password_change_required: { status: 403, message: "Choose a new password to continue" },
  privacy_policy_not_accepted: { status: 403, message: "Accept the current privacy policy to continue" },
  invalid_credentials: { status: 401, message: "The email or password is incorrect" },
  /** The shop blocked this customer's sign-in (decision 049); said only once the password was right. */
  account_blocked: { status: 403, message: "This account is blocked. Please contact the shop." },
  /** Sign-in throttling (decision 007); Retry-After says when to try again. */
  too_many_attempts: { status: 429 },
  customer_not_found: { status: 404 },
  /**
   * A person's data cannot be erased yet (decision 063): an order awaiting payment or not yet delivered, or a return,
   * withdrawal or refund not settled, still needs them; one item of the errors list names each.
   */
  erasure_link_invalid: { status: 400, message: "This link to delete your account is not valid or has been used; ask for a new one" },
  erasure_link_expired: { status: 410, message: "This link to delete your account has expired; ask for a new one" },
  erasure_blocked: { status: 409, message: "The person has an order, return, withdrawal or refund still open" },
  company_not_found: { status: 404, message: "No company of this store has this id" },
  current_password_incorrect: { status: 400, message: "The current password is incorrect" },
  password_unchanged: { status: 400, message: "Choose a password different from the current one" },
  password_matches_email: { status: 400, message: "Choose a password that is not your email address" },
  email_already_registered: { status: 409, message: "This email already has an account; sign in or reset your password" },
  privacy_policy_not_found: { status: 404 },
  privacy_policy_not_current: { status: 400, message: "That is not the current privacy policy; reload it and accept again" },

  // ---------------------------------------------------------------- emailed links (decision 012)
  signup_token_invalid: { status: 400 },
  signup_token_used: { status: 410 },
  signup_token_expired: { status: 410 },
  invite_token_invalid: { status: 400 },
  invite_token_used: { status: 410 },
  invite_token_expired: { status: 410 },
  reset_token_invalid: { status: 400 },
  reset_token_used: { status: 410 },
  reset_token_expired: { status: 410 },

  // ---------------------------------------------------------------- catalogue
  conflicting_parameters: { status: 400 },
  invalid_price_range: { status: 400, message: "MinPrice must not exceed MaxPrice" },
  category_not_found: { status: 404 },
  product_not_found: { status: 404 },
  product_type_not_found: { status: 404 },
  product_type_code_taken: { status: 409, message: "Another product type of this store has this code" },
  /** The merchant's catalogue (decision 046): an id that is not the store's, or a slug or SKU already used. */
  attribute_value_not_found: { status: 404, message: "An attribute value is not one of this store's" },
  attribute_not_found: { status: 404, message: "No attribute of this store has this id" },
  attribute_code_taken: { status: 409, message: "Another attribute of this store has this code" },
  attribute_value_code_taken: { status: 409, message: "Another value of this attribute has this code" },
  product_slug_taken: { status: 409, message: "Another product of this store has this slug" },
  sku_taken: { status: 409, message: "Another variant of this store has this SKU" },
  isbn_taken: { status: 409, message: "Another variant of this store has this ISBN" },
  category_slug_taken: { status: 409, message: "Another category of this store has this slug" },
  category_cycle: { status: 409, message: "A category cannot move under itself or one of its own subcategories" },
  /** An archived product stays out of the shop (decision 047's amendment): unarchive it before publishing it. */
  product_archived: { status: 409, message: "The product is archived: unarchive it before publishing it" },
  /** An order line names one of the product's variants, so it is kept for the order: archive it instead. */
  product_ordered: { status: 409, message: "The product has been ordered, so it cannot be deleted: archive it instead" },
  /** The merchant's add-ons (decision 055). */
  addon_not_found: { status: 404, message: "An add-on is not one of this store's" },
  addon_option_not_found: { status: 404, message: "An option is not one of this add-on's" },
  addon_code_taken: { status: 409, message: "Another add-on of this store has this code" },
  variant_not_found: { status: 404 },
  /** No variant of a published product has the SKU (a bulk add's line, by SKU). */
  sku_not_found: { status: 404 },
  page_not_found: { status: 404 },
  blog_category_not_found: { status: 404 },
  /** The merchant's content (decision 051). */
  page_url_taken: { status: 409, message: "This store already has a page at this path" },
  menu_not_found: { status: 404, message: "No menu of this store has this code" },
  redirect_not_found: { status: 404, message: "No redirect of this store has this id" },
  redirect_taken: { status: 409, message: "This store already redirects this path" },
  redirect_loop: { status: 409, message: "This redirect would lead back to where it starts" },
  blog_category_taken: { status: 409, message: "This store already has a blog category with this slug" },
  blog_post_not_found: { status: 404, message: "No blog post of this store has this id" },
  blog_post_slug_taken: { status: 409, message: "This store already has a blog post with this slug" },
  /** A preview link not made by this shop for this post (altered, mistyped, another store's). */
  blog_preview_link_invalid: { status: 404, message: "This preview link is not valid; ask for a new one" },
  /** A genuine preview link past its time. */
  blog_preview_link_expired: { status: 410, message: "This preview link has expired; ask for a new one" },
  /** The same for a page's preview link. */
  page_preview_link_invalid: { status: 404, message: "This preview link is not valid; ask for a new one" },
  page_preview_link_expired: { status: 410, message: "This preview link has expired; ask for a new one" },
  product_preview_link_invalid: { status: 404, message: "This preview link is not valid; ask for a new one" },
  product_preview_link_expired: { status: 410, message: "This preview link has expired; ask for a new one" },

  // ---------------------------------------------------------------- stock
  invalid_stock_quantity: { status: 400 },
  invalid_stock_delta: { status: 400 },
  out_of_stock: { status: 409, message: "This item is out of stock" },
  insufficient_stock: { status: 409 },

  // ---------------------------------------------------------------- cart
  cart_not_found: { status: 404 },
  line_item_not_found: { status: 404 },
  /** The store hides products or prices from anonymous visitors, so they must sign in first. */
  sign_in_required: { status: 401 },
  anonymous_id_required: { status: 400 },
  addon_option_invalid: { status: 400 },
  addon_option_conflict: { status: 400, message: "Choose at most one option of each add-on" },
  duplicate_line_item: { status: 400, message: "Name each line once" },
  quantity_limit_exceeded: { status: 400 },
  price_unavailable: { status: 409 },
  item_unavailable: { status: 409, message: "This item is no longer available; remove it from your cart" },

  // ---------------------------------------------------------------- order returns
  return_not_found: { status: 404, message: "Return was not found" },
  /** Only a delivered order's items can be returned, within the return window. */
  order_not_returnable: { status: 409 },
  /** More of a line than was delivered and not already returned; `field` names the line. */
  return_quantity_exceeded: { status: 409 },
  // Withdrawals (decision 061).
  order_not_withdrawable: { status: 422 },
  withdrawal_item_exempt: { status: 422 },
  withdrawal_quantity_exceeded: { status: 422 },
  withdrawal_not_found: { status: 404, message: "The shop has no such withdrawal" },

  // ---------------------------------------------------------------- addresses
  address_not_found: { status: 404, message: "Address was not found" },
  address_limit_reached: { status: 409 },
  /** The company addresses are for trade buyers whose account belongs to a company. */
  company_account_required: { status: 403, message: "Only a company's trade buyers have company addresses" },

  // ---------------------------------------------------------------- wishlists
  wishlist_not_found: { status: 404 },
  wishlist_item_not_found: { status: 404 },
  wishlist_name_taken: { status: 409, message: "You already have a list with this name" },
  wishlist_limit_reached: { status: 409 },
  wishlist_item_limit_reached: { status: 409 },

  // ---------------------------------------------------------------- back-in-stock notices (decision 013)
  email_required: { status: 400, message: "Enter the email address to notify" },
  variant_in_stock: { status: 409, message: "This product is in stock; it can be ordered now" },
  back_in_stock_token_invalid: { status: 400, message: "This confirmation link is not valid; ask again from the product page" },
  back_in_stock_token_expired: { status: 410, message: "This confirmation link has expired; ask again from the product page" },

  // ---------------------------------------------------------------- marketing subscriptions (decision 034)
  newsletter_token_invalid: { status: 400, message: "This newsletter link is not valid; subscribe again from the shop's footer" },
  newsletter_token_expired: { status: 410, message: "This newsletter link has expired; subscribe again from the shop's footer" },
  newsletter_token_used: { status: 410, message: "This newsletter link has already been used" },

  // ---------------------------------------------------------------- checkout and orders (decision 024)
  /** The basket has nothing that can be bought. */
  cart_empty: { status: 409, message: "Your basket is empty" },
  /** Delivery options depend on the delivery address, so it comes first. */
  delivery_address_required: { status: 409, message: "Enter a delivery address first" },
  /** The store does not deliver to the address's country. */
  country_not_served: { status: 422 },
  delivery_option_required: { status: 409, message: "Choose a delivery option" },
  delivery_option_not_found: { status: 404 },
  customer_info_required: { status: 409, message: "Enter your name and email address" },
  billing_address_required: { status: 409, message: "Enter a billing address" },
  discount_code_invalid: { status: 422, message: "This discount code is not valid" },
  discount_code_expired: { status: 422, message: "This discount code has expired" },
  discount_code_not_started: { status: 422, message: "This discount code is not valid yet" },
  discount_code_minimum_not_met: { status: 422 },
  discount_code_used_up: { status: 422, message: "This discount code has been used up" },
  discount_code_already_used: { status: 422, message: "You have already used this discount code" },
  discount_code_not_combinable: { status: 422 },
  discount_code_not_applied: { status: 404, message: "This discount code is not on your basket" },
  /** The merchant's discount codes (decision 048). */
  discount_code_not_found: { status: 404, message: "No discount code of this store has this id" },
  // ---------------------------------------------------------------- catalogue files (decision 053)
  csv_not_utf8: { status: 400, message: "The file is not UTF-8 text: save it from your spreadsheet as CSV UTF-8" },
  csv_unreadable: { status: 400, message: "The file is not a readable CSV" },
  csv_missing_columns: { status: 400, message: "The file lacks columns its format needs" },
  csv_too_many_rows: { status: 413, message: "The file has too many rows: split it into several files" },
  catalogue_import_not_found: { status: 404, message: "No catalogue import of this store has this id" },
  // ---------------------------------------------------------------- product images (decision 054)
  image_unreadable: { status: 400, message: "The file is not an image the shop can read" },
  image_type_not_supported: { status: 415, message: "Send a JPEG, PNG, WebP, AVIF or GIF image" },
  image_too_large: { status: 413, message: "The image file is too large" },
  image_too_many_pixels: { status: 422, message: "The image has too many pixels: scale it down first" },
  product_image_limit: { status: 409, message: "The product already has as many images as it may have" },
  product_image_not_found: { status: 404, message: "No product image of this store has this id" },
  product_image_order_incomplete: { status: 409, message: "Name each of the product's images once, in their new order" },
  media_not_found: { status: 404, message: "No image has this name" },
  discount_code_taken: { status: 409, message: "This store already has a discount code with this text" },
  discount_limit_below_uses: { status: 409, message: "The limit is lower than the orders that already used the code" },
  discount_rule_not_for_kind: { status: 400, message: "This rule does not apply to this kind of code" },
  /** The merchant's delivery zones (decision 052); an option's id not the store's is `delivery_option_not_found`. */
  delivery_zone_not_found: { status: 404, message: "No delivery zone of this store has this id" },
  tax_rates_not_found: { status: 404, message: "This store has no tax rates for this country" },
  delivery_country_taken: { status: 409, message: "A country belongs to one delivery zone of a store; another zone already serves it" },
  terms_not_accepted: { status: 422, message: "Please accept the terms and conditions to proceed with the order." },
  minimum_order_not_met: { status: 422 },
  checkout_not_allowed: { status: 401, message: "Sign in to check out" },
  order_not_found: { status: 404, message: "Order was not found" },
  /** An order link not made by this shop for this store (altered, mistyped, another shop's). */
  order_link_invalid: { status: 404, message: "This order link is not valid; ask for a new one with your order number and email" },
  /** A genuine order link past its time (decision 041). */
  order_link_expired: { status: 410, message: "This order link has expired; ask for a new one with your order number and email" },
  /** The basket changed between the summary and the order (a price, a line): the shopper should look again. */
  checkout_changed: { status: 409 },

  // ---------------------------------------------------------------- payments (decision 025)
  /** The amount or currency of a payment is not the order's grand total. */
  payment_amount_mismatch: { status: 400, message: "The payment's amount and currency must be the order's grand total" },
  payment_provider_unavailable: { status: 422, message: "This payment method is not available for this order" },
  /** The merchant turning off the last payment provider every shopper could use (decision 052). */
  last_payment_provider: { status: 409, message: "The shop needs one payment method every shopper can use" },
  credit_limit_exceeded: { status: 422 },
  payment_not_found: { status: 404, message: "Payment was not found" },
  refund_not_found: { status: 404, message: "Refund was not found" },
  /** A merchant's refund of more than the order's payment still holds (what it captured, less what went back). */
  refund_amount_too_high: { status: 422 },
  /** A merchant's refund of nothing, or less than nothing. */
  refund_amount_not_positive: { status: 422, message: "A refund gives back more than nothing" },
  /** A merchant's refund in a currency the order was not paid in. */
  refund_currency_mismatch: { status: 422, message: "A refund is made in the order's currency" },
  /** The order is not waiting for a payment (paid, cancelled). */
  order_not_payable: { status: 409 },
  /** The payment gateway did not answer or refused the call; nothing was charged. Try again in a moment. */
  payment_gateway_unavailable: { status: 502, message: "The payment service did not answer. Please try again in a moment." },
  /** A webhook whose signature (or its age) does not check out: nothing in it is believed. */
  webhook_signature_invalid: { status: 400, message: "The webhook's signature could not be verified" },

  // ---------------------------------------------------------------- the job queue, as the back office sees it
  job_not_found: { status: 404, message: "No job has this id" },
  /** A retry of a job that is not failed: retried already, waiting, running or done. */
  job_not_failed: { status: 409, message: "Only a failed job can be retried" },

  // ---------------------------------------------------------------- state machines and idempotency (issue 7)
  invalid_state_transition: { status: 409 },
  state_conflict: { status: 409 },
  idempotency_key_reused: { status: 422 },
  idempotency_request_in_flight: { status: 409 },
} as const satisfies Record<string, CatalogueEntry>;

/** Every code the API answers. */
export type ApiErrorCode = keyof typeof ERROR_CATALOGUE;
/** The codes whose catalogue entry carries a default message: an error with one of them may leave its message out. */
export type ApiErrorCodeWithMessage = {
  [C in ApiErrorCode]: (typeof ERROR_CATALOGUE)[C] extends { message: string } ? C : never;
}[ApiErrorCode];

/** Every code, in catalogue order: the values of the ApiError `code` enum. */
export const API_ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ApiErrorCode, ...ApiErrorCode[]];

/** Whether `code` is in the catalogue. */
export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/** The HTTP status `code` is always answered with. */
export function errorStatusOf(code: ApiErrorCode): ErrorStatus {
  return ERROR_CATALOGUE[code].status;
}

/** The catalogue's default message for `code`, when it has one. */
export function defaultErrorMessageOf(code: ApiErrorCode): string | undefined {
  const entry: CatalogueEntry = ERROR_CATALOGUE[code];
  return entry.message;
}

/** The codes answered with `status`, in catalogue order. */
export function errorCodesWithStatus(status: ErrorStatus): ApiErrorCode[] {
  return API_ERROR_CODES.filter((code) => ERROR_CATALOGUE[code].status === status);
}

type ErrorLike = { readonly code: string };

/**
 * Whether a failure (an answer's `errors` list, or anything that carries one) has an error with `code`: how
 * clients branch on an outcome, with the code checked against the catalogue when it is written.
 */
export function hasErrorCode(
  failure: { readonly errors: readonly ErrorLike[] } | readonly ErrorLike[] | null | undefined,
  code: ApiErrorCode,
): boolean {
  const errors = failure === null || failure === undefined ? [] : "errors" in failure ? failure.errors : failure;
  return errors.some((error) => error.code === code);
}

// ---------------------------------------------------------------- codes that name a state of something

/**
 * The codes a completion call answers for an emailed link it cannot use: 400 for `invalid`, 410 for `used` and
 * `expired` (field `token`). The storefront tells the same states apart by these, not by literals.
 */
export const EMAILED_LINK_ERROR_CODES = {
  signup: { invalid: "signup_token_invalid", used: "signup_token_used", expired: "signup_token_expired" },
  invite: { invalid: "invite_token_invalid", used: "invite_token_used", expired: "invite_token_expired" },
  reset: { invalid: "reset_token_invalid", used: "reset_token_used", expired: "reset_token_expired" },
} as const satisfies Record<"signup" | "invite" | "reset", Record<"invalid" | "used" | "expired", ApiErrorCode>>;

/** The codes the page of an emailed link to delete an account (decision 063) branches on. */
export const ERASURE_LINK_ERROR_CODES = {
  invalid: "erasure_link_invalid",
  expired: "erasure_link_expired",
  blocked: "erasure_blocked",
} as const satisfies Record<string, ApiErrorCode>;

/** The codes a back-in-stock confirmation link's page branches on. */
export const BACK_IN_STOCK_TOKEN_INVALID = "back_in_stock_token_invalid" satisfies ApiErrorCode;
export const BACK_IN_STOCK_TOKEN_EXPIRED = "back_in_stock_token_expired" satisfies ApiErrorCode;
/** The codes a newsletter link's page branches on. */
/** The API's refusals of an order link, which the order link page tells apart. */
export const ORDER_LINK_ERROR_CODES = {
  invalid: "order_link_invalid",
  expired: "order_link_expired",
} as const satisfies Record<"invalid" | "expired", ApiErrorCode>;

export const NEWSLETTER_TOKEN_ERROR_CODES = {
  invalid: "newsletter_token_invalid",
  expired: "newsletter_token_expired",
  used: "newsletter_token_used",
} as const satisfies Record<"invalid" | "expired" | "used", ApiErrorCode>;
