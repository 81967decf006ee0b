import {
  MARKETING_OPT_IN_TOPICS,
  NEWSLETTER_CONFIRMATION_DAYS,
  NEWSLETTER_TOKEN_ERROR_CODES,
  NEWSLETTER_UNSUBSCRIBE_DAYS,
  type MarketingConsentSource,
  type NewsletterLink,
  type NewsletterSubscribeResult,
  type NewsletterSubscription,
  type NewsletterSubscriptionBody,
  type NewsletterTopic,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { createEmailedToken, hashEmailedToken } from "../../security/emailed-tokens";
import { countRecentMail, enqueueMail, lockRecipientMail } from "../mail/mail.service";
import { type LimitRule, rateLimitKey, reserveLimit } from "../rate-limits/rate-limits.service";
import { NEWSLETTER_CONFIRMATION_MAIL_KIND, newsletterConfirmationMail } from "./marketing-mail";
import { findCustomerEmail, setMarketingOptInByEmail } from "../identity/customers.service";
import { recordMarketingConsent } from "../consent/consent.service";
import * as repository from "./marketing.repository";

/*
 * Marketing subscriptions (decision 034), double opt-in like back-in-stock notices (decision 013): only the
 * signed-in customer's own account email is applied at once; any other address is asked by email first.
 */

export type MarketingContext = Pick<RequestContext, "store" | "customerId" | "clientIp">;

export interface MarketingMailDeps {
  /** Public address of the storefront, for the links in the emails. */
  storefrontUrl: string;
}

/**
 * Per client: requests of any outcome, answered 429 past the cap. Per address: confirmation emails, counted in
 * the outbox under the address's mail lock (decision 012); past it the request is answered as usual and
 * mails nothing, so the cap tells nobody anything.
 */
export const NEWSLETTER_LIMITS = {
  perClient: { max: 20, windowSeconds: 60 * 60 },
  perAddress: { max: 3, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, LimitRule>;

export const newsletterClientLimitKey = (clientIp: string) => rateLimitKey("newsletter:client", clientIp);

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /marketing-customers/subscriptions: the signed-in customer's own address and its newsletters. */
export async function getNewsletterSubscription(
  db: Db,
  ctx: Pick<MarketingContext, "store">,
  customerId: number,
): Promise<NewsletterSubscription> {
  const email = await findCustomerEmail(db, { storeId: ctx.store.id, customerId });
  if (!email) throw new AppError("authentication_required");
  return { email, topics: await repository.findTopics(db, { storeId: ctx.store.id, email }) };
}

/**
 * PUT /marketing-customers/subscriptions: the client's request is counted first, in its own statement, so
 * refused requests count too. A signed-in customer's own account email (verified when the account was made)
 * gets its topics at once; any other address gets a confirmation email, unless it has had its share today.
 */
export async function updateNewsletterSubscription(
  deps: MarketingMailDeps & { db: Db },
  ctx: MarketingContext,
  body: NewsletterSubscriptionBody,
): Promise<NewsletterSubscribeResult> {
  const { db } = deps;
  const client = await reserveLimit(db, newsletterClientLimitKey(ctx.clientIp), NEWSLETTER_LIMITS.perClient);
  if (!client.allowed) throw new AppError("too_many_requests", { retryAfterSeconds: client.retryAfterSeconds });

  const accountEmail = ctx.customerId !== null ? await findCustomerEmail(db, { storeId: ctx.store.id, customerId: ctx.customerId }) : null;
  return db.transaction(async (tx) => {
    if (body.email === accountEmail) {
      await setTopics(tx, {
        storeId: ctx.store.id,
        email: body.email,
        topics: body.topics,
        customerId: ctx.customerId,
        source: "newsletter_form",
      });
      return { email: body.email, status: body.topics.length > 0 ? "subscribed" : "unsubscribed", topics: body.topics };
    }
    await sendConfirmation(tx, deps, ctx, body);
    return { email: body.email, status: "confirmation_sent", topics: null };
  });
}

/** Emails a confirmation link (and an unsubscribe link), when the address has not had its share today. */
async function sendConfirmation(tx: Db, deps: MarketingMailDeps, ctx: MarketingContext, body: NewsletterSubscriptionBody): Promise<void> {
  await lockRecipientMail(tx, body.email);
  const since = new Date(Date.now() - NEWSLETTER_LIMITS.perAddress.windowSeconds * 1000);
  if ((await countRecentMail(tx, body.email, [NEWSLETTER_CONFIRMATION_MAIL_KIND], since)) >= NEWSLETTER_LIMITS.perAddress.max) return;
  const confirm = createEmailedToken();
  const unsubscribe = createEmailedToken();
  const link = { storeId: ctx.store.id, email: body.email };
  await repository.insertLink(tx, {
    ...link,
    kind: "confirm",
    topics: body.topics,
    tokenHash: confirm.tokenHash,
    expiresAt: new Date(Date.now() + NEWSLETTER_CONFIRMATION_DAYS * DAY_MS),
  });
  await repository.insertLink(tx, {
    ...link,
    kind: "unsubscribe",
    topics: [],
    tokenHash: unsubscribe.tokenHash,
    expiresAt: new Date(Date.now() + NEWSLETTER_UNSUBSCRIBE_DAYS * DAY_MS),
  });
  await enqueueMail(
    tx,
    newsletterConfirmationMail({
      storeId: ctx.store.id,
      storeName: ctx.store.name,
      email: body.email,
      topics: body.topics,
      storefrontUrl: deps.storefrontUrl.replace(/\/+$/, ""),
      confirmToken: confirm.token,
      unsubscribeToken: unsubscribe.token,
    }),
  );
}

const linkError = (code: keyof typeof NEWSLETTER_TOKEN_ERROR_CODES) => new AppError(NEWSLETTER_TOKEN_ERROR_CODES[code], { field: "token" });

type FoundLink = NonNullable<Awaited<ReturnType<typeof repository.findLink>>>;

/** A link's state, by one rule for the preview and the calls that use it: "used" wins over "expired". */
function assertUsable(link: FoundLink | null, kind: repository.MarketingLinkKind | null): FoundLink {
  if (!link || (kind !== null && link.kind !== kind)) throw linkError("invalid");
  if (link.used) throw linkError("used");
  if (link.expired) throw linkError("expired");
  return link;
}

const answerOf = (link: FoundLink, state: NewsletterLink["state"]): NewsletterLink => ({
  kind: link.kind,
  email: link.email,
  topics: link.topics,
  state,
});

/** What an emailed link would do, changing nothing: for the page the link opens. */
export async function previewNewsletterLink(db: Db, ctx: Pick<MarketingContext, "store">, token: string): Promise<NewsletterLink> {
  const link = assertUsable(await repository.findLink(db, { storeId: ctx.store.id, tokenHash: hashEmailedToken(token) }), null);
  return answerOf(link, "pending");
}

/**
 * Applies the request a confirmation link names, once: the link is row-locked, so of concurrent confirmations
 * one applies it and the others find it used.
 */
export async function confirmNewsletterSubscription(db: Db, ctx: Pick<MarketingContext, "store">, token: string): Promise<NewsletterLink> {
  return db.transaction(async (tx) => {
    const link = assertUsable(
      await repository.findLink(tx, { storeId: ctx.store.id, tokenHash: hashEmailedToken(token), lock: true }),
      "confirm",
    );
    await repository.markLinkUsed(tx, link.id);
    await setTopics(tx, { storeId: ctx.store.id, email: link.email, topics: link.topics, source: "confirmation_link" });
    return answerOf(link, "applied");
  });
}

/** The one-click unsubscribe of a confirmation email: the address gets no newsletter, however often it is used. */
export async function unsubscribeNewsletter(db: Db, ctx: Pick<MarketingContext, "store">, token: string): Promise<NewsletterLink> {
  return db.transaction(async (tx) => {
    const link = assertUsable(await repository.findLink(tx, { storeId: ctx.store.id, tokenHash: hashEmailedToken(token) }), "unsubscribe");
    await setTopics(tx, { storeId: ctx.store.id, email: link.email, topics: [], source: "unsubscribe_link" });
    return answerOf(link, "applied");
  });
}

/**
 * The account settings' "Email me about new books and offers" box, kept in step with the topics (decision
 * 034): unticked empties the account email's topics; ticked with none chosen gives it MARKETING_OPT_IN_TOPICS;
 * ticked with topics already chosen keeps them.
 */
export async function applyMarketingOptIn(tx: Db, input: { storeId: number; customerId: number; email: string; optIn: boolean }) {
  const current = await repository.findTopics(tx, { storeId: input.storeId, email: input.email });
  if (input.optIn === current.length > 0) return;
  await setTopics(tx, { ...input, topics: input.optIn ? MARKETING_OPT_IN_TOPICS : [], source: "account" });
}

const sameTopics = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((topic) => b.includes(topic));

/**
 * Sets the newsletters an address gets and keeps the marketing consent of the store's account with that email in
 * step with it (consent is "gets at least one newsletter", decision 034), in the caller's transaction. A change,
 * or an address's first decision, is a consent record against the subscription's id (decision 060); the same
 * choice made again (an unsubscribe link clicked twice) records nothing more.
 */
async function setTopics(
  tx: Db,
  input: { storeId: number; email: string; topics: readonly string[]; customerId?: number | null; source: MarketingConsentSource },
) {
  const before = await repository.lockSubscription(tx, input);
  const subscriptionId = await repository.upsertTopics(tx, input);
  await setMarketingOptInByEmail(tx, { storeId: input.storeId, email: input.email, optIn: input.topics.length > 0 });
  if (before === null || !sameTopics(before.topics, input.topics)) {
    await recordMarketingConsent(tx, { storeId: input.storeId, subscriptionId, topics: input.topics, source: input.source });
  }
}

/**
 * A person's newsletter subscriptions for their data export (decision 062): their address's, and any their account
 * set, oldest first, at most `limit`. Their ids are the subjects of their consent records.
 */
export async function listMarketingSubscriptionsForExport(
  db: Db,
  input: { storeId: number; customerId: number | null; email: string; limit: number },
) {
  const rows = await repository.listSubscriptionsOfPerson(db, input);
  return rows.map((row) => ({ ...row, topics: row.topics as NewsletterTopic[] }));
}
