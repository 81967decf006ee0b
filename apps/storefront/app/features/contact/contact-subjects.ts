import { CONTACT_SUBJECTS, type ContactSubject } from "@quire/contracts/constants";
import { t } from "~/lib/i18n/messages/contact";

/** The contact form's subjects as the shopper reads them. */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  order: t("contact.subject.order"),
  delivery: t("contact.subject.delivery"),
  returns: t("contact.subject.returns"),
  gift_help: t("contact.subject.gift_help"),
  trade: t("contact.subject.trade"),
  accessibility: t("contact.subject.accessibility"),
  other: t("contact.subject.other"),
};

/** The query parameter a link to the contact form chooses its subject with: /contact-us?subject=accessibility. */
export const SUBJECT_PARAM = "subject";

/** The contact form with its subject chosen (the accessibility statement's "report a problem" link). */
export function contactFormPath(subject: ContactSubject): string {
  return `/contact-us?${new URLSearchParams({ [SUBJECT_PARAM]: subject })}`;
}

/** The subject a link chose, or null when it chose none or one the form does not offer (which is ignored). */
export function getLinkedSubject(value: string | null): ContactSubject | null {
  return CONTACT_SUBJECTS.find((subject) => subject === value) ?? null;
}
