import { hasErrorCode, NEWSLETTER_TOKEN_ERROR_CODES, NewsletterSubscriptionBodySchema, type NewsletterLink } from "@quire/contracts";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";

/** What the footer's form subscribes to: new gift books and offers (the account page offers every topic). */
export const FOOTER_TOPICS = ["new_releases", "offers"] as const;

/** The footer's form: its email; the route adds the footer's topics (kept out of every page's scripts). */
export const NewsletterFormSchema = NewsletterSubscriptionBodySchema.pick({ email: true });

export type NewsletterLinkAnswer = { ok: true; link: NewsletterLink } | { ok: false; problem: "invalid" | "expired" | "used" };

/** The API's refusal of a newsletter link as the page's problem; null for any other failure. */
function linkProblemOf(error: unknown): "invalid" | "expired" | "used" | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (hasErrorCode(error, NEWSLETTER_TOKEN_ERROR_CODES.used)) return "used";
  if (hasErrorCode(error, NEWSLETTER_TOKEN_ERROR_CODES.expired)) return "expired";
  if (hasErrorCode(error, NEWSLETTER_TOKEN_ERROR_CODES.invalid)) return "invalid";
  return null;
}

/** Calls one of the link operations with a token, answering the link or what is wrong with it. */
export async function callNewsletterLink(
  api: ApiClient,
  operationId: "previewNewsletterLink" | "confirmNewsletterSubscription" | "unsubscribeNewsletter",
  token: string,
): Promise<NewsletterLinkAnswer> {
  try {
    return { ok: true, link: (await api.call(operationId, { body: { token } })).data };
  } catch (error) {
    const problem = linkProblemOf(error);
    if (!problem) throw error;
    return { ok: false, problem };
  }
}
