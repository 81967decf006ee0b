import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import type { CartReview, ReviewNotification } from "./cart-review";
import { cartLineAddons, cartLines, cartNotifications, carts } from "./cart.tables";

/*
 * Every cart statement. Each function is one statement whatever the number of lines: rows travel as
 * arrays and are unnested by PostgreSQL, related rows come back as JSON aggregates. Functions that change
 * a cart expect the caller to hold the cart's row lock (findOpenCustomerCart and friends, with `lock`), which
 * is what keeps concurrent calls on one cart from reading stale quantities. Reads take no lock.
 * Only the cart's own tables are read here: what the catalogue says of a line (price, stock, publication,
 * names, add-ons) comes from the catalogue's offers service (catalog/catalog-offers.service.ts).
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

// ---------------------------------------------------------------- lines for a change

/** A line as the cart keeps it, for a change to check against. */
export interface LineForChange {
  id: number;
  /** Null once the shop deleted the variant. */
  variantId: number | null;
  quantity: number;
}

/** Lines of one cart among `lineIds` (a line of another cart is not returned). */
export function findCartLines(db: Db, cartId: number, lineIds: readonly number[]) {
  return rows<LineForChange>(
    db,
    sql`select id, variant_id as "variantId", quantity from ${cartLines}
        where cart_id = ${cartId} and id = any(${intArray(lineIds)})`,
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
 * other option of the same add-on (a book is wrapped in one paper), which `replaces` names: the other options
 * of its add-on. A line gains at most one option per add-on. Two statements whatever the number of lines and
 * options.
 */
export async function addLineAddons(
  db: Db,
  selections: readonly { lineItemId: number; addonOptionId: number; replaces: readonly number[] }[],
) {
  if (selections.length === 0) return;
  const replaced = selections.flatMap((selection) =>
    selection.replaces
      .filter((optionId) => optionId !== selection.addonOptionId)
      .map((optionId) => ({ lineItemId: selection.lineItemId, optionId })),
  );
  if (replaced.length > 0) {
    await db.execute(
      sql`delete from ${cartLineAddons} la
          using unnest(${intArray(replaced.map((r) => r.lineItemId))}, ${intArray(replaced.map((r) => r.optionId))}) as r(line_id, option_id)
          where la.cart_line_id = r.line_id and la.addon_option_id = r.option_id`,
    );
  }
  await db.execute(
    sql`insert into ${cartLineAddons} (cart_line_id, addon_option_id)
        select * from unnest(${intArray(selections.map((selection) => selection.lineItemId))}, ${intArray(
          selections.map((selection) => selection.addonOptionId),
        )}) on conflict do nothing`,
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

/** A line as the cart keeps it: the variant, the quantity, what the shopper last saw and the add-on options chosen. */
export interface StoredLine {
  lineItemId: number;
  /** Null once the shop deleted the variant. */
  variantId: number | null;
  itemName: string;
  quantity: number;
  lastSeenUnitAmount: number | null;
  lastSeenCurrencyCode: string | null;
  addonOptionIds: number[];
}

const storedLineColumns = sql`l.id as "lineItemId", l.variant_id as "variantId", l.item_name as "itemName", l.quantity,
  l.last_seen_unit_amount as "lastSeenUnitAmount", l.last_seen_currency_code as "lastSeenCurrencyCode",
  array(select la.addon_option_id from ${cartLineAddons} la where la.cart_line_id = l.id order by la.addon_option_id) as "addonOptionIds"`;

/** Every line of a cart with its chosen add-on options, in one statement, oldest line first. */
export function loadCartLines(db: Db, cartId: number) {
  return rows<StoredLine>(db, sql`select ${storedLineColumns} from ${cartLines} l where l.cart_id = ${cartId} order by l.created_at, l.id`);
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

/**
 * Tells every open basket whose lines chose one of these add-on options, about to be withdrawn by the shop, that it
 * comes off the line ('addon_removed', as when a product stops offering an add-on): one notice per line and option.
 */
export async function storeWithdrawnAddonNotices(
  db: Db,
  options: readonly { addonOptionId: number; addonName: string; optionName: string }[],
): Promise<void> {
  if (options.length === 0) return;
  await db.execute(
    sql`insert into ${cartNotifications} (cart_id, line_item_id, code, message)
        select l.cart_id, l.id, 'addon_removed',
          o.addon_name || ' (' || o.option_name || ') is no longer offered with ' || l.item_name || ' and has been taken off it.'
        from unnest(${intArray(options.map((o) => o.addonOptionId))}, ${textArray(options.map((o) => o.addonName))},
            ${textArray(options.map((o) => o.optionName))}) as o(id, addon_name, option_name)
        join ${cartLineAddons} la on la.addon_option_id = o.id
        join ${cartLines} l on l.id = la.cart_line_id
        join ${carts} c on c.id = l.cart_id and c.status = 'open'`,
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

/** The cart's lines (as loadCartLines answers them) and its stored notices (oldest first), in one statement: what a read needs. */
export async function loadCartLinesAndNotifications(db: Db, cartId: number) {
  const [row] = await rows<{ lines: StoredLine[]; notifications: StoredNotification[] }>(
    db,
    sql`select
          coalesce((select json_agg(to_jsonb(line) - 'ordinal' order by line.ordinal)
            from (select ${storedLineColumns}, row_number() over (order by l.created_at, l.id) as ordinal
              from ${cartLines} l where l.cart_id = ${cartId}) line), '[]') as lines,
          coalesce((select json_agg(n order by n.id)
            from (select ${notificationColumns} from ${cartNotifications} where cart_id = ${cartId}) n), '[]') as notifications`,
  );
  return row ?? { lines: [], notifications: [] };
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

/** The add-on options chosen on the lines of these carts, each once per cart. */
export function listChosenAddonOptions(db: Db, cartIds: readonly number[]) {
  return rows<{ cartId: number; addonOptionId: number }>(
    db,
    sql`select distinct l.cart_id as "cartId", la.addon_option_id as "addonOptionId"
        from ${cartLineAddons} la join ${cartLines} l on l.id = la.cart_line_id
        where l.cart_id = any(${intArray(cartIds)})`,
  );
}

/**
 * Moves a guest cart's lines into a customer's cart: a variant already there gets the guest quantity added
 * (at most `maxQuantity`; stock is applied by the review that follows, which tells the shopper), a new one
 * is copied with what the guest last saw. The guest's add-ons join the customer's lines, except where the
 * customer's line already has an option of the same add-on: `addonOfOption` says which add-on each option
 * chosen in either cart belongs to (the catalogue's answer). At most three statements.
 */
export async function mergeLines(
  db: Db,
  input: {
    guestCartId: number;
    customerCartId: number;
    maxQuantity: number;
    addonOfOption: readonly { optionId: number; addonId: number }[];
  },
) {
  const { guestCartId, customerCartId, maxQuantity, addonOfOption } = input;
  await db.execute(
    sql`insert into ${cartLines} (cart_id, variant_id, quantity, item_name, last_seen_unit_amount, last_seen_currency_code)
        select ${customerCartId}, g.variant_id, least(g.quantity, ${maxQuantity}), g.item_name, g.last_seen_unit_amount, g.last_seen_currency_code
        from ${cartLines} g where g.cart_id = ${guestCartId} and g.variant_id is not null
        on conflict (cart_id, variant_id) do update
          set quantity = least(${cartLines}.quantity + excluded.quantity, ${maxQuantity}), updated_at = now()`,
  );
  if (addonOfOption.length > 0) {
    await db.execute(
      sql`with option_addon(id, addon_id) as (
            select * from unnest(${intArray(addonOfOption.map((option) => option.optionId))}, ${intArray(addonOfOption.map((option) => option.addonId))}))
          insert into ${cartLineAddons} (cart_line_id, addon_option_id)
          select c.id, ga.addon_option_id
          from ${cartLineAddons} ga
          join ${cartLines} g on g.id = ga.cart_line_id
          join ${cartLines} c on c.cart_id = ${customerCartId} and c.variant_id = g.variant_id
          join option_addon go on go.id = ga.addon_option_id
          where g.cart_id = ${guestCartId}
            and not exists (select 1 from ${cartLineAddons} ca join option_addon co on co.id = ca.addon_option_id
              where ca.cart_line_id = c.id and co.addon_id = go.addon_id)
          on conflict do nothing`,
    );
  }
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

// ---------------------------------------------------------------- placing an order

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
