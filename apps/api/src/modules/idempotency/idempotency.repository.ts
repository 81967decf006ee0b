import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { idempotencyKeys } from "./idempotency.tables";

const k = idempotencyKeys;

export interface KeyClaim {
  storeId: number;
  scope: string;
  key: string;
  route: string;
  requestHash: string;
  leaseSeconds: number;
  ttlSeconds: number;
}

export type ClaimOutcome =
  /** `unfinished`: the key was taken over from a first request that died; what it did may have committed. */
  | { kind: "claimed"; id: number; unfinished: boolean }
  | { kind: "other_request" }
  | { kind: "in_flight" }
  | { kind: "completed"; status: number; body: string };

/**
 * Claims a key for a request, in one statement: a new key, an expired one, or one whose first request died
 * (its lease lapsed, and this request is the same) becomes this request's. Otherwise the key's row says what
 * to answer: another request's key, still in flight, or finished with an answer to replay. The unique key
 * makes two concurrent first requests agree on one winner: the other waits for the winner's insert to commit
 * (or roll back) and then sees its row. A key taken over from a request that died says so (`unfinished`):
 * the first request may have done its work and only its answer was lost.
 */
export async function claimKey(db: Db, claim: KeyClaim): Promise<ClaimOutcome> {
  const lease = sql`now() + make_interval(secs => ${claim.leaseSeconds})`;
  const [claimed] = await sqlRows<{ id: number; unfinished: boolean }>(
    db,
    sql`with previous as (
          select state from ${k} where store_id = ${claim.storeId} and scope = ${claim.scope} and key = ${claim.key})
        insert into ${k} (store_id, scope, key, route, request_hash, state, lease_until, expires_at)
        values (${claim.storeId}, ${claim.scope}, ${claim.key}, ${claim.route}, ${claim.requestHash}, 'in_flight', ${lease},
                now() + make_interval(secs => ${claim.ttlSeconds}))
        on conflict (store_id, scope, key) do update set
          route = excluded.route, request_hash = excluded.request_hash, state = 'in_flight', lease_until = excluded.lease_until,
          response_status = null, response_body = null, created_at = now(), expires_at = excluded.expires_at
        where ${k.expiresAt} <= now()
           or (${k.state} = 'in_flight' and ${k.leaseUntil} <= now()
               and ${k.route} = excluded.route and ${k.requestHash} = excluded.request_hash)
        returning id, coalesce((select state = 'in_flight' from previous), false) as unfinished`,
  );
  if (claimed) return { kind: "claimed", id: claimed.id, unfinished: claimed.unfinished };

  const [row] = await db
    .select({ route: k.route, requestHash: k.requestHash, state: k.state, status: k.responseStatus, body: k.responseBody })
    .from(k)
    .where(and(eq(k.storeId, claim.storeId), eq(k.scope, claim.scope), eq(k.key, claim.key)));
  // Deleted between the two statements (the first request failed and released it): as good as in flight.
  if (!row) return { kind: "in_flight" };
  if (row.route !== claim.route || row.requestHash !== claim.requestHash) return { kind: "other_request" };
  if (row.state === "in_flight" || row.status === null || row.body === null) return { kind: "in_flight" };
  return { kind: "completed", status: row.status, body: row.body };
}

/** Keeps the answer of a claimed key's request, for replay. */
export async function completeKey(db: Db, id: number, response: { status: number; body: string }): Promise<void> {
  await db
    .update(k)
    .set({ state: "completed", responseStatus: response.status, responseBody: response.body })
    .where(and(eq(k.id, id), eq(k.state, "in_flight")));
}

/**
 * Files a completed key under another scope as well, answer and all (a guest's key under the basket its
 * request made); a key that scope already holds is left as it is.
 */
export async function copyKeyToScope(db: Db, id: number, scope: string): Promise<void> {
  await db.execute(
    sql`insert into ${k} (store_id, scope, key, route, request_hash, state, lease_until, response_status, response_body, created_at, expires_at)
        select store_id, ${scope}, key, route, request_hash, state, lease_until, response_status, response_body, created_at, expires_at
        from ${k} where id = ${id} and state = 'completed'
        on conflict (store_id, scope, key) do nothing`,
  );
}

/** Gives a claimed key back unused (the request failed in a way worth retrying), so a retry runs again. */
export async function releaseKey(db: Db, id: number): Promise<void> {
  await db.delete(k).where(and(eq(k.id, id), eq(k.state, "in_flight")));
}

/** Deletes up to `limit` keys past their expiry (an expired key is claimed afresh anyway); answers how many. */
export async function deleteExpiredKeys(db: Db, limit: number): Promise<number> {
  const expired = db
    .select({ id: k.id })
    .from(k)
    .where(sql`${k.expiresAt} <= now()`)
    .limit(limit);
  const deleted = await db.delete(k).where(inArray(k.id, expired)).returning({ id: k.id });
  return deleted.length;
}
