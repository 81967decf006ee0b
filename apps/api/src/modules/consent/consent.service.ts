import {
  CONSENT_RECORD_CSV_COLUMNS,
  type AdminExportConsentRecordsQuery,
  type CookieConsentRecord,
  type MarketingConsentSource,
  type RecordCookieConsentBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { csvLine } from "../../http/csv";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { getPrivacyPolicyVersionInForce } from "../identity/customer-account.service";
import { type LimitRule, rateLimitKey, reserveLimit } from "../rate-limits/rate-limits.service";
import * as repository from "./consent.repository";

/*
 * Consent records (decision 060): every cookie-banner decision the storefront reports and every change of a
 * marketing subscription, appended with the privacy policy's version in force, against a pseudonymous subject.
 */

/**
 * Cookie decisions a client address may record an hour; past it, 429 with Retry-After (the storefront still sets
 * the shopper's cookie). A person makes a handful; this leaves room for a household or an office behind one address.
 */
export const CONSENT_LIMITS = { perClient: { max: 60, windowSeconds: 60 * 60 } } as const satisfies Record<string, LimitRule>;

export const consentClientLimitKey = (clientIp: string) => rateLimitKey("consent:client", clientIp);

/**
 * POST /consents: counted against the client first (refused requests count too), then appended with the store's
 * privacy policy version in force. The client's address is used for the count only, never kept with the record.
 */
export async function recordCookieConsent(
  db: Db,
  ctx: Pick<RequestContext, "store" | "clientIp">,
  body: RecordCookieConsentBody,
): Promise<CookieConsentRecord> {
  const client = await reserveLimit(db, consentClientLimitKey(ctx.clientIp), CONSENT_LIMITS.perClient);
  if (!client.allowed) throw new AppError("too_many_requests", { retryAfterSeconds: client.retryAfterSeconds });
  const privacyPolicyVersion = await getPrivacyPolicyVersionInForce(db, ctx.store.id);
  const { recordedAt } = await repository.insertConsentRecord(db, {
    storeId: ctx.store.id,
    kind: "cookies",
    ...body,
    privacyPolicyVersion,
  });
  return { ...body, privacyPolicyVersion, recordedAt: recordedAt.toISOString() };
}

/**
 * Records a marketing subscription's change in the caller's transaction (the marketing module's, whichever way the
 * change came): the subscription's id as the subject, never its address.
 */
export async function recordMarketingConsent(
  tx: Db,
  input: { storeId: number; subscriptionId: number; topics: readonly string[]; source: MarketingConsentSource },
): Promise<void> {
  await repository.insertConsentRecord(tx, {
    storeId: input.storeId,
    kind: "marketing",
    subject: String(input.subscriptionId),
    source: input.source,
    subscribed: input.topics.length > 0,
    topics: input.topics,
    privacyPolicyVersion: await getPrivacyPolicyVersionInForce(tx, input.storeId),
  });
}

const EXPORT_PAGE_SIZE = 500;
const yesNo = (value: boolean | null) => (value === null ? "" : String(value));

/**
 * GET /admin/consent-records: the period's records as CSV lines, oldest first, read a page at a time so that a
 * year of records is never held in memory at once.
 */
export async function* exportConsentRecords(
  db: Db,
  input: AdminExportConsentRecordsQuery & { storeId: number; timeZone: string },
): AsyncGenerator<string> {
  yield csvLine(CONSENT_RECORD_CSV_COLUMNS);
  for (let after: repository.ConsentRecordKey | null = null; ;) {
    const rows = await repository.listConsentRecordsPage(db, { ...input, after, size: EXPORT_PAGE_SIZE });
    for (const row of rows) {
      yield csvLine([
        row.recordedAt.toISOString(),
        row.kind,
        row.subject,
        row.source,
        yesNo(row.analytics),
        yesNo(row.marketing),
        yesNo(row.subscribed),
        row.topics?.join(" ") ?? "",
        row.bannerVersion === null ? "" : String(row.bannerVersion),
        row.privacyPolicyVersion ?? "",
      ]);
    }
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows.at(-1)!;
    after = { recordedAt: last.recordedAt, id: last.id };
  }
}

/**
 * The consent records a person's data export holds (decision 062): the marketing decisions of their subscriptions
 * (by the subscriptions' ids) and, when the caller names one, a browser's cookie decisions (by its consent id, which
 * nothing else ties to a person), oldest first, at most `limit`.
 */
export function listConsentRecordsForExport(
  db: Db,
  input: { storeId: number; subscriptionIds: readonly number[]; consentSubject: string | null; limit: number },
) {
  return repository.listRecordsOfSubjects(db, {
    storeId: input.storeId,
    marketingSubjects: input.subscriptionIds.map(String),
    cookieSubject: input.consentSubject,
    limit: input.limit,
  });
}
