import { z } from "zod";
import { dataSchema } from "./common";
import { NEWSLETTER_TOPICS } from "./constants";
import { EmailedTokenSchema } from "./identity";

// Marketing subscriptions (PUT /marketing-customers/subscriptions; decision 034). Double
// opt-in like back-in-stock notices (decision 013): only a signed-in customer's own address applies at once.

export const NewsletterTopicSchema = z.enum(NEWSLETTER_TOPICS);
export type NewsletterTopic = z.infer<typeof NewsletterTopicSchema>;

/** Lower-cased and trimmed before it is checked. */
export const NewsletterEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));

/** A set of topics: each at most once, never more than the shop offers. */
const TopicsSchema = z
  .array(NewsletterTopicSchema)
  .max(NEWSLETTER_TOPICS.length)
  .refine((topics) => new Set(topics).size === topics.length, "Choose each newsletter once");

/**
 * PUT /marketing-customers/subscriptions: the newsletters `email` gets, replacing what it had (empty
 * `topics`: unsubscribe from all).
 * - A signed-in customer's own account email is applied at once (`status: "subscribed"`, or "unsubscribed"
 *   for no topics), and the account's marketing consent follows it.
 * - Any other address (every visitor's, or a customer's other address) is stored pending and emailed a
 *   single-use link to /newsletter/confirm/:token, valid for `NEWSLETTER_CONFIRMATION_DAYS` days, with a
 *   one-click unsubscribe link (`status: "confirmation_sent"`). The answer is the same whether the address is
 *   new, pending, subscribed or past its mail cap, so it reveals nothing about who subscribed.
 * Always 202. Each client address may ask a limited number of times an hour: past it, 429
 * `too_many_requests` with Retry-After (seconds); each address gets at most a few confirmation emails a day.
 */
export const NewsletterSubscriptionBodySchema = z.object({ email: NewsletterEmailSchema, topics: TopicsSchema }).strict();
export type NewsletterSubscriptionBody = z.infer<typeof NewsletterSubscriptionBodySchema>;

export const NewsletterSubscribeResultSchema = z
  .object({
    email: z.string(),
    status: z.enum(["subscribed", "unsubscribed", "confirmation_sent"]),
    /** The topics now in force: those asked for once applied; for a pending request, nothing is said. */
    topics: z.array(NewsletterTopicSchema).nullable(),
  })
  .meta({ id: "NewsletterSubscribeResult" });
export type NewsletterSubscribeResult = z.infer<typeof NewsletterSubscribeResultSchema>;
export const NewsletterSubscribeResponseSchema = dataSchema(NewsletterSubscribeResultSchema);

/** GET /marketing-customers/subscriptions: the signed-in customer's own address and its newsletters. */
export const NewsletterSubscriptionSchema = z
  .object({ email: z.string(), topics: z.array(NewsletterTopicSchema) })
  .meta({ id: "NewsletterSubscription" });
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;
export const NewsletterSubscriptionResponseSchema = dataSchema(NewsletterSubscriptionSchema);

/**
 * POST /marketing-customers/subscriptions/confirm: applies the request an emailed link names, once (the token
 * travels in the body, never in a URL the API would log). 400 `newsletter_token_invalid` for an unknown link,
 * 410 `newsletter_token_expired` past its days, 410 `newsletter_token_used` once it has been used.
 * POST …/confirm/preview: what the link would do, changing nothing, for the page it opens (which confirms on a
 * button, never on a visit: mail scanners follow links).
 * POST /marketing-customers/subscriptions/unsubscribe: the one-click unsubscribe link of a confirmation email;
 * the address gets no newsletter from then on, however often it is used within its year.
 */
export const NewsletterTokenBodySchema = z.object({ token: EmailedTokenSchema }).strict();
export type NewsletterTokenBody = z.infer<typeof NewsletterTokenBodySchema>;

export const NewsletterLinkSchema = z
  .object({
    kind: z.enum(["confirm", "unsubscribe"]),
    email: z.string(),
    /** What the link sets: the topics to confirm, or none for an unsubscribe link. */
    topics: z.array(NewsletterTopicSchema),
    state: z.enum(["pending", "applied"]),
  })
  .meta({ id: "NewsletterLink" });
export type NewsletterLink = z.infer<typeof NewsletterLinkSchema>;
export const NewsletterLinkResponseSchema = dataSchema(NewsletterLinkSchema);
