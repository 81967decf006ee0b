import { translator, type MessageSet } from "../translator";

/** The newsletters: their topics, the account's choice of them, and the emailed links' page (routes/newsletter-link.tsx). */
export const newsletterMessages = {
  "newsletter.topic.new_releases": "New releases",
  "newsletter.topic.new_releases_text": "The month's new gift books, chosen by our booksellers.",
  "newsletter.topic.offers": "Offers",
  "newsletter.topic.offers_text": "Sales and discount codes, a few times a year.",
  "newsletter.topic.events": "Events and signings",
  "newsletter.topic.events_text": "Author evenings, signings and readings at the shop.",
  "newsletter.topic.childrens_books": "Children's books",
  "newsletter.topic.childrens_books_text": "Picture books and first chapter books for young readers.",
  // Topics in a sentence: "new releases, offers and events and signings".
  "newsletter.topics_and": "{list} and {last}",
  "newsletter.topics_separator": ", ",
  "newsletter.preferences.sent_to": "Sent to {email}. Untick them all to unsubscribe.",
  "newsletter.preferences.saving": "Saving…",
  "newsletter.preferences.save": "Save newsletters",
  "newsletter.link.title_unsubscribe": "Unsubscribe from newsletters",
  "newsletter.link.title_confirm": "Confirm your newsletters",
  "newsletter.link.invalid": "This link doesn't work",
  "newsletter.link.invalid_text": "It may have been copied incompletely. Subscribe again from the bottom of any page.",
  "newsletter.link.expired": "This link has expired",
  "newsletter.link.expired_text": "Confirmation links work for a week. Subscribe again from the bottom of any page.",
  "newsletter.link.used": "This link has already been used",
  "newsletter.link.used_text": "Your choice was saved when you first used it: there is nothing more to do.",
  "newsletter.link.unsubscribed": "You're unsubscribed",
  "newsletter.link.unsubscribed_text": "We won't send newsletters to {email} any more.",
  "newsletter.link.unsubscribe_title": "Unsubscribe from our newsletters?",
  "newsletter.link.unsubscribe_text": "We'll stop sending any newsletter to {email}.",
  "newsletter.link.stop_title": "Stop our newsletters?",
  "newsletter.link.stop_text": "Confirm that {email} should get no more newsletters.",
  "newsletter.link.subscribed": "You're subscribed",
  "newsletter.link.subscribed_text": "Thank you: {email} will get {topics}.",
  "newsletter.link.confirm_title": "Confirm your newsletters",
  "newsletter.link.confirm_text": "Confirm that {email} should get {topics}.",
  "newsletter.link.unsubscribing": "Unsubscribing…",
  "newsletter.link.unsubscribe": "Unsubscribe",
  "newsletter.link.confirming": "Confirming…",
  "newsletter.link.confirm": "Confirm subscription",
  "newsletter.link.continue": "Continue shopping",
} as const satisfies MessageSet;

export const t = translator(newsletterMessages);
