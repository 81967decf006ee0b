import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import {
  addonOptionPrices,
  addonOptions,
  addons,
  productAddons,
  productImages,
  products,
  productVariants,
  variantPrices,
  variantTierPrices,
} from "../catalog/catalog.tables";
import type { CartLineFacts, CartReview, ReviewNotification } from "./cart-review";
import { cartLineAddons, cartLines, cartNotifications, carts } from "./cart.tables";

/*
 * Every cart statement. Each function is one statement whatever the number of lines: rows travel as
 * arrays and are unnested by PostgreSQL, related rows come back as JSON aggregates. Functions that change
 * a cart expect the caller to hold the cart's row lock (findOpenCustomerCart and friends, with `lock`), which
 * is what keeps concurrent calls on one cart from reading stale quantities. Reads take no lock.
 */

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const intArray = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
const textArray = (values: readonly (string | null)[]) => sql`${sql.param(values)}::text[]`;

export interface LockedCart {
  id: number;
  anonymousId: string | null;
}

// ---------------------------------------------------------------- finding and locking carts

/** Row-locks what a select finds, for the rest of the transaction, when the caller is about to change it. */
const forUpdate = (lock: boolean) => (lock ? sql`for update` : sql``);

/** The customer's open cart; null when they have none yet. `lock` row-locks it (every change does; a read does not). */
export async function findOpenCustomerCart(
  db: Db,
  storeId: number,
  customerId: number,
  options: { lock: boolean },
): Promise<LockedCart | null> {
  const [row] = await rows<LockedCart>(
    db,
    sql`select id, anonymous_id as "anonymousId" from ${carts}
        where store_id = ${storeId} and customer_id = ${customerId} and status = 'open' ${forUpdate(options.lock)}`,
  );
  return row ?? null;
}

/**
 * The customer's open cart, created if missing, row-locked. The partial unique index (one open cart per
 * customer and store) makes concurrent creation safe: the loser's insert does nothing and its select then
 * finds (and waits for) the winner's row.
 */
export async function lockOrCreateCustomerCart(db: Db, storeId: number, customerId: number): Promise<LockedCart> {
  await db.execute(
    sql`insert into ${carts} (store_id, customer_id) values (${storeId}, ${customerId})
        on conflict (store_id, customer_id) where status = 'open' and customer_id is not null do nothing`,
  );
  const cart = await findOpenCustomerCart(db, storeId, customerId, { lock: true });
  if (!cart) throw new Error("the customer's open cart exists after the insert");
  return cart;
}

/** An open anonymous cart of the store; null for an unknown, closed or other store's id. `lock` row-locks it. */
export async function findOpenGuestCart(
  db: Db,
  storeId: number,
  anonymousId: string,
  options: { lock: boolean },
): Promise<LockedCart | null> {
  const [row] = await rows<LockedCart>(
    db,
    sql`select id, anonymous_id as "anonymousId" from ${carts}
        where store_id = ${storeId} and anonymous_id = ${anonymousId} and status = 'open' and customer_id is null
        ${forUpdate(options.lock)}`,
  );
  return row ?? null;
}

/** A new anonymous cart. */
export async function createGuestCart(db: Db, storeId: number, anonymousId: string): Promise<LockedCart> {
  const [row] = await rows<LockedCart>(
    db,
    sql`insert into ${carts} (store_id, anonymous_id) values (${storeId}, ${anonymousId})
        returning id, anonymous_id as "anonymousId"`,
  );
  if (!row) throw new Error("the insert returns the new cart");
  return row;
}

/** The cart an anonymousId names in the store, whatever its status, row-locked (merge decides what each status means). */
export async function lockCartByAnonymousId(db: Db, storeId: number, anonymousId: string) {
  const [row] = await rows<{ id: number; status: string; customerId: number | null; mergedIntoCartId: number | null }>(
    db,
    sql`select id, status, customer_id as "customerId", merged_into_cart_id as "mergedIntoCartId" from ${carts}
        where store_id = ${storeId} and anonymous_id = ${anonymousId} for update`,
  );
  return row ?? null;
}

/** Marks a cart as changed now (abandoned-cart clean-up reads updated_at). */
export async function touchCart(db: Db, cartId: number) {
  await db.execute(sql`update ${carts} set updated_at = now() where id = ${cartId}`);
}

// ---------------------------------------------------------------- catalogue facts for a change

export interface VariantForCart {
  id: number;
  sku: string;
  productId: number;
  productName: string;
  variantName: string;
  stockQuantity: number;
  isPublished: boolean;
  amount: number | null;
}

/**
 * Variants of the store named by id or by SKU, with what adding them needs: publication, stock and the price
 * in the currency. One statement however many are named; a name that matches nothing is simply not answered.
 */
export function findVariantsForCart(
  db: Db,
  input: { storeId: number; variantIds: readonly number[]; skus: readonly string[]; currencyCode: string },
) {
  return rows<VariantForCart>(
    db,
    sql`select v.id, v.sku, v.product_id as "productId", p.name as "productName", v.name as "variantName",
          v.stock_quantity as "stockQuantity", p.is_published as "isPublished", vp.amount
        from ${productVariants} v
        join ${products} p on p.id = v.product_id
        left join ${variantPrices} vp on vp.variant_id = v.id and vp.currency_code = ${input.currencyCode}
        where v.store_id = ${input.storeId} and (v.id = any(${intArray(input.variantIds)}) or v.sku = any(${textArray(input.skus)}))`,
  );
}

export interface AddonOptionFacts {
  id: number;
  addonId: number;
  amount: number | null;
  /** Which of the asked products offer the option's add-on. */
  offeredWithProductIds: number[];
}

/** Add-on options of the store among `optionIds`, with their price and which of `productIds` offer them. */
export function describeAddonOptions(
  db: Db,
  input: { storeId: number; optionIds: readonly number[]; productIds: readonly number[]; currencyCode: string },
) {
  return rows<AddonOptionFacts>(
    db,
    sql`select o.id, o.addon_id as "addonId", op.amount,
          array(select pad.product_id from ${productAddons} pad
            where pad.addon_id = o.addon_id and pad.product_id = any(${intArray(input.productIds)})) as "offeredWithProductIds"
        from ${addonOptions} o
        join ${addons} a on a.id = o.addon_id
        left join ${addonOptionPrices} op on op.addon_option_id = o.id and op.currency_code = ${input.currencyCode}
        where o.id = any(${intArray(input.optionIds)}) and a.store_id = ${input.storeId}`,
  );
}

export interface LineForChange {
  id: number;
  variantId: number | null;
  quantity: number;
  productId: number | null;
  stockQuantity: number | null;
  isPublished: boolean | null;
}

/** Lines of one cart among `lineIds` (a line of another cart is not returned), with stock and publication. */
export function findCartLines(db: Db, cartId: number, lineIds: readonly number[]) {
  return rows<LineForChange>(
    db,
    sql`select l.id, l.variant_id as "variantId", l.quantity, v.product_id as "productId",
          v.stock_quantity as "stockQuantity", p.is_published as "isPublished"
        from ${cartLines} l
        left join ${productVariants} v on v.id = l.variant_id
        left join ${products} p on p.id = v.product_id
        where l.cart_id = ${cartId} and l.id = any(${intArray(lineIds)})`,
  );
}

/** The cart's lines for these variants (those it has). */
export function findLinesByVariant(db: Db, cartId: number, variantIds: readonly number[]) {
  return rows<{ id: number; variantId: number; quantity: number }>(
    db,
    sql`select id, variant_id as "variantId", quantity from ${cartLines}
        where cart_id = ${cartId} and variant_id = any(${intArray(variantIds)})`,
  );
}

// ---------------------------------------------------------------- changing lines

/**
 * Sets the cart's lines for these variants to their quantities, creating the missing ones, in one statement;
 * answers each line's id with its variant. Each variant may appear once.
 */
export function upsertLines(db: Db, cartId: number, lines: readonly { variantId: number; quantity: number; itemName: string }[]) {
  return rows<{ id: number; variantId: number }>(
    db,
    sql`insert into ${cartLines} (cart_id, variant_id, quantity, item_name)
        select ${cartId}, * from unnest(${intArray(lines.map((line) => line.variantId))}, ${intArray(lines.map((line) => line.quantity))},
          ${textArray(lines.map((line) => line.itemName))})
        on conflict (cart_id, variant_id) do update set quantity = excluded.quantity, updated_at = now()
        returning id, variant_id as "variantId"`,
  );
}

export async function setLineQuantity(db: Db, lineId: number, quantity: number) {
  await db.execute(sql`update ${cartLines} set quantity = ${quantity}, updated_at = now() where id = ${lineId}`);
}

export async function deleteLines(db: Db, cartId: number, lineIds: readonly number[]) {
  await db.execute(sql`delete from ${cartLines} where cart_id = ${cartId} and id = any(${intArray(lineIds)})`);
}

/**
 * Adds options to lines (`selections` pairs a line with each option it gains); an option replaces the line's
 * other option of the same add-on (a book is wrapped in one paper). A line gains at most one option per
 * add-on. Two statements whatever the number of lines and options.
 */
export async function addLineAddons(db: Db, selections: readonly { lineItemId: number; addonOptionId: number }[]) {
  if (selections.length === 0) return;
  const lineIds = intArray(selections.map((selection) => selection.lineItemId));
  const optionIds = intArray(selections.map((selection) => selection.addonOptionId));
  await db.execute(
    sql`delete from ${cartLineAddons} la using ${addonOptions} o, unnest(${lineIds}, ${optionIds}) as n(line_id, option_id), ${addonOptions} gained
        where la.cart_line_id = n.line_id and o.id = la.addon_option_id and gained.id = n.option_id
          and o.addon_id = gained.addon_id and la.addon_option_id <> n.option_id`,
  );
  await db.execute(
    sql`insert into ${cartLineAddons} (cart_line_id, addon_option_id)
        select * from unnest(${lineIds}, ${optionIds}) on conflict do nothing`,
  );
}

/** Replaces the add-ons of several lines at once: `selections` pairs a line with each option it keeps. */
export async function replaceLineAddons(
  db: Db,
  lineIds: readonly number[],
  selections: readonly { lineItemId: number; addonOptionId: number }[],
) {
  await db.execute(sql`delete from ${cartLineAddons} where cart_line_id = any(${intArray(lineIds)})`);
  if (selections.length === 0) return;
  await db.execute(
    sql`insert into ${cartLineAddons} (cart_line_id, addon_option_id)
        select * from unnest(${intArray(selections.map((s) => s.lineItemId))}, ${intArray(selections.map((s) => s.addonOptionId))})`,
  );
}

// ---------------------------------------------------------------- reading a cart

/**
 * Every line of a cart with the catalogue facts it is priced and reviewed from, in one statement: variant,
 * product, first image, price and tier prices in the currency, and the chosen add-ons with their prices and
 * whether the product still offers them. Oldest line first.
 */
export function loadCartLines(db: Db, cartId: number, currencyCode: string) {
  return rows<CartLineFacts>(
    db,
    sql`select l.id as "lineItemId", l.variant_id as "variantId", l.item_name as "itemName", l.quantity,
          l.last_seen_unit_amount as "lastSeenUnitAmount", l.last_seen_currency_code as "lastSeenCurrencyCode",
          v.sku, v.name as "variantName", v.options, v.stock_quantity as "stockQuantity",
          p.id as "productId", p.slug as "productSlug", p.name as "productName", p.is_published as "isPublished", p.tax_class as "taxClass",
          (select json_build_object('url', i.url, 'alt', i.alt) from ${productImages} i
            where i.product_id = p.id order by i.position, i.id limit 1) as image,
          vp.amount, vp.original_amount as "originalAmount",
          coalesce((select json_agg(json_build_object('minQuantity', tp.min_quantity, 'amount', tp.amount) order by tp.min_quantity)
            from ${variantTierPrices} tp where tp.variant_id = v.id and tp.currency_code = ${currencyCode}), '[]') as "tierPrices",
          coalesce((select json_agg(json_build_object('addonOptionId', o.id, 'addonId', a.id, 'addonName', a.name,
                'optionName', o.name, 'amount', op.amount, 'taxClass', a.tax_class,
                'isOffered', exists (select 1 from ${productAddons} pad where pad.product_id = p.id and pad.addon_id = a.id))
              order by a.position, a.name, a.id, o.position, o.id)
            from ${cartLineAddons} la
            join ${addonOptions} o on o.id = la.addon_option_id
            join ${addons} a on a.id = o.addon_id
            left join ${addonOptionPrices} op on op.addon_option_id = o.id and op.currency_code = ${currencyCode}
            where la.cart_line_id = l.id), '[]') as addons
        from ${cartLines} l
        left join ${productVariants} v on v.id = l.variant_id
        left join ${products} p on p.id = v.product_id
        left join ${variantPrices} vp on vp.variant_id = v.id and vp.currency_code = ${currencyCode}
        where l.cart_id = ${cartId}
        order by l.created_at, l.id`,
  );
}

/** Writes a review back: drops lines and add-ons, stores reduced quantities and last-seen prices. At most three statements. */
export async function applyReview(db: Db, cartId: number, review: CartReview) {
  if (review.removedLineIds.length > 0) await deleteLines(db, cartId, review.removedLineIds);
  if (review.lineUpdates.length > 0) {
    const updates = review.lineUpdates;
    await db.execute(
      sql`update ${cartLines} l set quantity = u.quantity, last_seen_unit_amount = u.amount,
            last_seen_currency_code = u.currency, updated_at = now()
          from unnest(${intArray(updates.map((u) => u.lineItemId))}, ${intArray(updates.map((u) => u.quantity))},
            ${sql`${sql.param(updates.map((u) => u.lastSeenUnitAmount))}::int[]`},
            ${textArray(updates.map((u) => u.lastSeenCurrencyCode))}) as u(id, quantity, amount, currency)
          where l.id = u.id and l.cart_id = ${cartId}`,
    );
  }
  if (review.removedAddons.length > 0) {
    const removed = review.removedAddons;
    await db.execute(
      sql`delete from ${cartLineAddons} la
          using unnest(${intArray(removed.map((r) => r.lineItemId))}, ${intArray(removed.map((r) => r.addonOptionId))}) as r(line_id, option_id)
          where la.cart_line_id = r.line_id and la.addon_option_id = r.option_id`,
    );
  }
}

// ---------------------------------------------------------------- notifications

export interface StoredNotification extends ReviewNotification {
  id: number;
}

const notificationColumns = sql`id, line_item_id as "lineItemId", code, message`;

/** Stores notices, to be answered until the shopper acknowledges them. */
export async function storeNotifications(db: Db, cartId: number, notifications: readonly ReviewNotification[]) {
  if (notifications.length === 0) return;
  await db.execute(
    sql`insert into ${cartNotifications} (cart_id, line_item_id, code, message)
        select ${cartId}, * from unnest(${sql`${sql.param(notifications.map((n) => n.lineItemId))}::int[]`},
          ${textArray(notifications.map((n) => n.code))}, ${textArray(notifications.map((n) => n.message))})`,
  );
}

/** Drops stored notices about lines that have left the cart: nothing shows them, so nothing would acknowledge them. */
export async function dropNotificationsOfGoneLines(db: Db, cartId: number) {
  await db.execute(
    sql`delete from ${cartNotifications} n where n.cart_id = ${cartId} and n.line_item_id is not null
          and not exists (select 1 from ${cartLines} l where l.id = n.line_item_id and l.cart_id = ${cartId})`,
  );
}

/** The cart's stored notices, oldest first, left in place. */
export function listNotifications(db: Db, cartId: number) {
  return rows<StoredNotification>(db, sql`select ${notificationColumns} from ${cartNotifications} where cart_id = ${cartId} order by id`);
}

/** The cart's stored notices, removed as they are read (the shopper has acknowledged them). */
export async function takeNotifications(db: Db, cartId: number) {
  const taken = await rows<StoredNotification>(
    db,
    sql`delete from ${cartNotifications} where cart_id = ${cartId} returning ${notificationColumns}`,
  );
  return taken.sort((a, b) => a.id - b.id);
}

// ---------------------------------------------------------------- merging

/**
 * Moves a guest cart's lines into a customer's cart: a variant already there gets the guest quantity added
 * (at most `maxQuantity`; stock is applied by the review that follows, which tells the shopper), a new one
 * is copied with what the guest last saw. The guest's add-ons join the customer's lines, except where the
 * customer's line already has an option of the same add-on. Three statements.
 */
export async function mergeLines(db: Db, input: { guestCartId: number; customerCartId: number; maxQuantity: number }) {
  const { guestCartId, customerCartId, maxQuantity } = input;
  await db.execute(
    sql`insert into ${cartLines} (cart_id, variant_id, quantity, item_name, last_seen_unit_amount, last_seen_currency_code)
        select ${customerCartId}, g.variant_id, least(g.quantity, ${maxQuantity}), g.item_name, g.last_seen_unit_amount, g.last_seen_currency_code
        from ${cartLines} g where g.cart_id = ${guestCartId} and g.variant_id is not null
        on conflict (cart_id, variant_id) do update
          set quantity = least(${cartLines}.quantity + excluded.quantity, ${maxQuantity}), updated_at = now()`,
  );
  await db.execute(
    sql`insert into ${cartLineAddons} (cart_line_id, addon_option_id)
        select c.id, ga.addon_option_id
        from ${cartLineAddons} ga
        join ${cartLines} g on g.id = ga.cart_line_id
        join ${cartLines} c on c.cart_id = ${customerCartId} and c.variant_id = g.variant_id
        join ${addonOptions} go on go.id = ga.addon_option_id
        where g.cart_id = ${guestCartId}
          and not exists (select 1 from ${cartLineAddons} ca join ${addonOptions} co on co.id = ca.addon_option_id
            where ca.cart_line_id = c.id and co.addon_id = go.addon_id)
        on conflict do nothing`,
  );
  // Notices the guest has not seen yet follow the lines they are about.
  await db.execute(
    sql`update ${cartNotifications} n set cart_id = ${customerCartId},
          line_item_id = (select c.id from ${cartLines} g join ${cartLines} c on c.cart_id = ${customerCartId} and c.variant_id = g.variant_id
            where g.id = n.line_item_id)
        where n.cart_id = ${guestCartId}`,
  );
}

/** What else changes when a guest cart closes as merged: where its lines went, and whose it now is. */
export function mergedCartColumns(input: { customerCartId: number; customerId: number }): SQL {
  return sql`merged_into_cart_id = ${input.customerCartId}, customer_id = ${input.customerId}, updated_at = now()`;
}

// ---------------------------------------------------------------- reorder

/** An ordered add-on ("Gift wrap: Kraft") and the option of the store it is today, if it can be added again. */
export interface ReorderedAddon {
  name: string;
  /** Null when no option of that name is offered with the product and priced in the currency any more. */
  option: { id: number; addonId: number; amount: number } | null;
}

/** A line of a past order, as the order keeps it (the orders module's answer). */
export interface OrderedLine {
  orderLineId: number;
  orderPublicId: string;
  /** The variant ordered; null once deleted. */
  variantId: number | null;
  sku: string;
  productName: string;
  variantName: string;
  quantity: number;
  /** Its add-ons by name (`Add-on: Option`), as ordered. */
  addonNames: string[];
}

/** A line of a past order, with its variant as the catalogue has it now and its add-ons matched to today's. */
export interface OrderLineToReorder extends Omit<OrderedLine, "addonNames"> {
  /** The variant now (publication, stock, price in the currency); null once deleted. */
  variant: VariantForCart | null;
  addons: ReorderedAddon[];
}

/**
 * The lines of a past order, each with its variant's current state and its add-ons matched to today's options,
 * in one statement, in the lines' order. An add-on is matched by its name among the add-ons the product offers
 * now, priced in the currency.
 */
export async function findReorderFacts(
  db: Db,
  input: { storeId: number; currencyCode: string; lines: readonly OrderedLine[] },
): Promise<OrderLineToReorder[]> {
  if (input.lines.length === 0) return [];
  const wanted = JSON.stringify(input.lines.map((line, position) => ({ position, variantId: line.variantId, addons: line.addonNames })));
  const facts = await rows<{ position: number; variant: VariantForCart | null; addons: ReorderedAddon[] }>(
    db,
    sql`select l.position,
          case when v.id is null then null else json_build_object('id', v.id, 'sku', v.sku, 'productId', v.product_id,
            'productName', p.name, 'variantName', v.name, 'stockQuantity', v.stock_quantity, 'isPublished', p.is_published,
            'amount', vp.amount) end as variant,
          coalesce((select json_agg(json_build_object('name', wanted.name, 'option',
                case when m.id is null then null else json_build_object('id', m.id, 'addonId', m.addon_id, 'amount', m.amount) end)
              order by wanted.position)
            from jsonb_array_elements_text(l.addons) with ordinality as wanted(name, position)
            left join lateral (
              select ao.id, ao.addon_id, aop.amount from ${addonOptions} ao
              join ${addons} a on a.id = ao.addon_id and a.store_id = ${input.storeId}
              join ${productAddons} pad on pad.addon_id = a.id and pad.product_id = v.product_id
              join ${addonOptionPrices} aop on aop.addon_option_id = ao.id and aop.currency_code = ${input.currencyCode}
              where a.name || ': ' || ao.name = wanted.name
              order by ao.id limit 1) m on true), '[]') as addons
        from jsonb_to_recordset(${wanted}::jsonb) as l(position int, "variantId" int, addons jsonb)
        left join ${productVariants} v on v.id = l."variantId" and v.store_id = ${input.storeId}
        left join ${products} p on p.id = v.product_id
        left join ${variantPrices} vp on vp.variant_id = v.id and vp.currency_code = ${input.currencyCode}
        order by l.position`,
  );
  return input.lines.map(({ addonNames: _names, ...line }, position) => {
    const found = facts.find((fact) => fact.position === position);
    return { ...line, variant: found?.variant ?? null, addons: found?.addons ?? [] };
  });
}

/**
 * The cart a placement is about, whatever its status, row-locked: for a guest the cart their anonymousId names;
 * for a customer their open cart, or, when they have none, the cart they ordered most recently within
 * `orderedWithinHours` (a repeated placement finds the order it made instead of failing).
 */
export async function lockCartToOrder(
  db: Db,
  input: { storeId: number } & ({ anonymousId: string } | { customerId: number }),
  orderedWithinHours: number,
) {
  const owner =
    "anonymousId" in input ? sql`anonymous_id = ${input.anonymousId} and customer_id is null` : sql`customer_id = ${input.customerId}`;
  const [row] = await sqlRows<{ id: number; status: string; anonymousId: string | null }>(
    db,
    sql`select id, status, anonymous_id as "anonymousId" from ${carts}
        where id = (
          select id from ${carts}
          where store_id = ${input.storeId} and ${owner}
            and (status = 'open' or (status = 'ordered' and updated_at > now() - make_interval(hours => ${orderedWithinHours})))
          order by (status = 'open') desc, updated_at desc, id desc
          limit 1)
        for update`,
  );
  return row ?? null;
}
