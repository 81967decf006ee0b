import { z } from "zod";
import { dataSchema } from "./common";
import { CONSENT_EXPORT_MAX_DAYS } from "./constants";

/*
 * Consent records (issue 30, part 5; decision 060): each cookie-banner and marketing decision, kept append-only
 * with when it was made, where, the choices, the banner's version and the privacy policy's version in force,
 * against a pseudonymous subject: never an email or a network address.
 */

/** What a record is about: the cookie banner's choices, or a marketing (newsletter) subscription. */
export const CONSENT_KINDS = ["cookies", "marketing"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Where a cookie decision was made: the banner's accept all or reject all, or /cookies-settings. */
export const COOKIE_CONSENT_SOURCES = ["banner", "settings_page"] as const;
export type CookieConsentSource = (typeof COOKIE_CONSENT_SOURCES)[number];

/**
 * Where a marketing decision was made, as the API knows it (no client says it): a signed-in customer's own address
 * chosen in a newsletter form (the footer's, or the account's Newsletters section), an emailed confirmation link, the
 * one-click unsubscribe link, or the account settings' "Email me" box.
 */
export const MARKETING_CONSENT_SOURCES = ["newsletter_form", "confirmation_link", "unsubscribe_link", "account"] as const;
export type MarketingConsentSource = (typeof MARKETING_CONSENT_SOURCES)[number];

/**
 * A browser's pseudonymous consent id, which the storefront makes (at least 128 random bits, base64url) and keeps in
 * the consent cookie itself. The first character is not `-`: a spreadsheet would run a cell starting with it as a
 * formula, and the export would have to change the id to keep it text.
 */
export const ConsentSubjectSchema = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_-]{21,63}$/, "Expected 22-64 URL-safe characters (at least 128 random bits), not starting with -");

/** The cookie banner's version, the consent cookie's `v`: raised when the shop starts using a kind of cookie nobody was asked about. */
export const ConsentBannerVersionSchema = z.number().int().min(1).max(10_000);

/**
 * POST /consents: the storefront records a shopper's cookie decision as it sets the consent cookie (accept all,
 * reject all, the settings page's own choice, a withdrawal). The privacy policy's version is the API's to know: the
 * store's current one when the record is made. Each client may record a few dozen an hour: past it, 429
 * `too_many_requests` with Retry-After.
 */
export const RecordCookieConsentBodySchema = z
  .object({
    subject: ConsentSubjectSchema,
    analytics: z.boolean(),
    marketing: z.boolean(),
    bannerVersion: ConsentBannerVersionSchema,
    source: z.enum(COOKIE_CONSENT_SOURCES),
  })
  .strict();
export type RecordCookieConsentBody = z.infer<typeof RecordCookieConsentBodySchema>;

export const CookieConsentRecordSchema = z
  .object({
    subject: z.string(),
    analytics: z.boolean(),
    marketing: z.boolean(),
    bannerVersion: z.number().int(),
    /** The store's privacy policy in force when it was recorded; null while the store has published none. */
    privacyPolicyVersion: z.string().nullable(),
    source: z.enum(COOKIE_CONSENT_SOURCES),
    recordedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "CookieConsentRecord" });
export type CookieConsentRecord = z.infer<typeof CookieConsentRecordSchema>;
export const CookieConsentRecordResponseSchema = dataSchema(CookieConsentRecordSchema);

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * GET /admin/consent-records: the records made from the start of `from` to the end of `to` (calendar days in the
 * store's time zone, both included), at most CONSENT_EXPORT_MAX_DAYS days, as CSV, oldest first.
 */
export const AdminExportConsentRecordsQuerySchema = z
  .object({
    from: z.iso.date({ error: "Enter a date such as 2026-01-31" }),
    to: z.iso.date({ error: "Enter a date such as 2026-01-31" }),
  })
  .strict()
  .superRefine((query, context) => {
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1) context.addIssue({ code: "custom", message: "The end of the period comes before its start", path: ["to"] });
    else if (days > CONSENT_EXPORT_MAX_DAYS)
      context.addIssue({ code: "custom", message: `Choose a period of at most ${CONSENT_EXPORT_MAX_DAYS} days`, path: ["to"] });
  });
export type AdminExportConsentRecordsQuery = z.infer<typeof AdminExportConsentRecordsQuerySchema>;

/**
 * The export's columns, in order. `subject` is the browser's consent id (cookies) or the subscription's id
 * (marketing); the choices a kind does not have are left empty; `topics` are the newsletters, separated by spaces.
 */
export const CONSENT_RECORD_CSV_COLUMNS = [
  "recorded_at",
  "kind",
  "subject",
  "source",
  "analytics",
  "marketing",
  "subscribed",
  "topics",
  "banner_version",
  "privacy_policy_version",
] as const;
