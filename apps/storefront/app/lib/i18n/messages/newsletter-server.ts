import { translator, type MessageSet } from "../translator";

/** The footer signup's answers, which only its action words (routes/newsletter.ts). */
export const newsletterServerMessages = {
  "newsletter.signup.confirmation_sent": "Nearly there: we've emailed {email} a link to confirm your subscription. It works for a week.",
  "newsletter.signup.unsubscribed": "You're unsubscribed: we won't send you newsletters.",
  "newsletter.signup.subscribed": "You're subscribed to {topics}.",
  "newsletter.signup.not_saved": "Your subscription could not be saved.",
} as const satisfies MessageSet;

export const t = translator(newsletterServerMessages);
