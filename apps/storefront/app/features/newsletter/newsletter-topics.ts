import { NEWSLETTER_TOPICS } from "@quire/contracts/constants";
import { t } from "~/lib/i18n/messages/newsletter";

export type NewsletterTopicId = (typeof NEWSLETTER_TOPICS)[number];

/** The shop's newsletters as the pages name and describe them (the API's constants, no zod). */
export const NEWSLETTER_TOPIC_TEXT: Record<NewsletterTopicId, { label: string; description: string }> = {
  new_releases: { label: t("newsletter.topic.new_releases"), description: t("newsletter.topic.new_releases_text") },
  offers: { label: t("newsletter.topic.offers"), description: t("newsletter.topic.offers_text") },
  events: { label: t("newsletter.topic.events"), description: t("newsletter.topic.events_text") },
  childrens_books: { label: t("newsletter.topic.childrens_books"), description: t("newsletter.topic.childrens_books_text") },
};

export const NEWSLETTER_TOPIC_IDS: readonly NewsletterTopicId[] = NEWSLETTER_TOPICS;

/** "New releases and Offers", as a sentence names the topics. */
export function topicList(topics: readonly NewsletterTopicId[]): string {
  const labels = topics.map((topic) => NEWSLETTER_TOPIC_TEXT[topic].label.toLowerCase());
  if (labels.length <= 1) return labels.join("");
  return t("newsletter.topics_and", { list: labels.slice(0, -1).join(t("newsletter.topics_separator")), last: labels.at(-1)! });
}
