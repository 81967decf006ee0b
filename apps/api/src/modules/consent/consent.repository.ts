import type { CookieConsentSource, MarketingConsentSource } from "@quire/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consentRecords } from "./consent.tables";

export type NewConsentRecord =
  | {
      storeId: number;
      kind: "cookies";
      subject: string;
      source: CookieConsentSource;
      analytics: boolean;
      marketing: boolean;
      bannerVersion: number;
      privacyPolicyVersion: string | null;
    }
  | {
      storeId: number;
      kind: "marketing";
      subject: string;
      source: MarketingConsentSource;
      subscribed: boolean;
      topics: readonly string[];
      privacyPolicyVersion: string | null;
    };

/** Appends a record; answers when the database recorded it. */
export async function insertConsentRecord(db: Db, record: NewConsentRecord): Promise<{ recordedAt: Date }> {
  const values = record.kind === "marketing" ? { ...record, topics: [...record.topics] } : record;
  const [row] = await db.insert(consentRecords).values(values).returning({ recordedAt: consentRecords.recordedAt });
  return row!;
}

/** Where a page of the export ended: the last record's time and id. */
export interface ConsentRecordKey {
  recordedAt: Date;
  id: number;
}

/**
 * A page of a store's records made from midnight of `from` to the end of `to` (YYYY-MM-DD, both in `timeZone`), in
 * the order they were made, after `after`. One range scan of consent_records_store_recorded_idx per page.
 */
export function listConsentRecordsPage(
  db: Db,
  input: { storeId: number; from: string; to: string; timeZone: string; after: ConsentRecordKey | null; size: number },
) {
  const start = sql`(${input.from}::date::timestamp at time zone ${input.timeZone})`;
  const end = sql`((${input.to}::date + 1)::timestamp at time zone ${input.timeZone})`;
  return db
    .select({
      id: consentRecords.id,
      recordedAt: consentRecords.recordedAt,
      kind: consentRecords.kind,
      subject: consentRecords.subject,
      source: consentRecords.source,
      analytics: consentRecords.analytics,
      marketing: consentRecords.marketing,
      subscribed: consentRecords.subscribed,
      topics: consentRecords.topics,
      bannerVersion: consentRecords.bannerVersion,
      privacyPolicyVersion: consentRecords.privacyPolicyVersion,
    })
    .from(consentRecords)
    .where(
      and(
        eq(consentRecords.storeId, input.storeId),
        sql`${consentRecords.recordedAt} >= ${start}`,
        sql`${consentRecords.recordedAt} < ${end}`,
        input.after
          ? sql`(${consentRecords.recordedAt}, ${consentRecords.id}) > (${input.after.recordedAt.toISOString()}::timestamptz, ${input.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id))
    .limit(input.size);
}

/**
 * The store's consent records of these subjects (marketing subscriptions' ids, a browser's consent id), oldest
 * first, at most `limit` (decision 062). Rare, so no index of subjects: the store's records are scanned.
 */
export function listRecordsOfSubjects(
  db: Db,
  input: { storeId: number; marketingSubjects: readonly string[]; cookieSubject: string | null; limit: number },
) {
  const t = consentRecords;
  const marketing = sql`(${t.kind} = 'marketing' and ${t.subject} = any(${sql.param([...input.marketingSubjects])}::text[]))`;
  const cookies = input.cookieSubject === null ? sql`false` : sql`(${t.kind} = 'cookies' and ${t.subject} = ${input.cookieSubject})`;
  return db
    .select({
      kind: t.kind,
      subject: t.subject,
      source: t.source,
      analytics: t.analytics,
      marketing: t.marketing,
      subscribed: t.subscribed,
      topics: t.topics,
      bannerVersion: t.bannerVersion,
      privacyPolicyVersion: t.privacyPolicyVersion,
      recordedAt: t.recordedAt,
    })
    .from(t)
    .where(and(eq(t.storeId, input.storeId), sql`(${marketing} or ${cookies})`))
    .orderBy(asc(t.recordedAt), asc(t.id))
    .limit(input.limit);
}
