import { NEWSLETTER_TOPICS } from "@quire/contracts/constants";

export type NewsletterTopicId = (typeof NEWSLETTER_TOPICS)[number];

/** The shop's newsletters as the pages name and describe them (the API's constants, no zod). */
export const NEWSLETTER_TOPIC_TEXT: Record<NewsletterTopicId, { label: string; description: string }> = {
  new_releases: { label: "New releases", description: "The month's new gift books, chosen by our booksellers." },
  offers: { label: "Offers", description: "Sales and discount codes, a few times a year." },
  events: { label: "Events and signings", description: "Author evenings, signings and readings at the shop." },
  childrens_books: { label: "Children's books", description: "Picture books and first chapter books for young readers." },
};

export const NEWSLETTER_TOPIC_IDS: readonly NewsletterTopicId[] = NEWSLETTER_TOPICS;

/** "New releases and Offers", as a sentence names the topics. */
export function topicList(topics: readonly NewsletterTopicId[]): string {
  const labels = topics.map((topic) => NEWSLETTER_TOPIC_TEXT[topic].label.toLowerCase());
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}
