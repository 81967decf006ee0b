import type { ContactSubject } from "@quire/contracts/constants";
import { t } from "~/lib/i18n/messages/contact";

/** The contact form's subjects as the shopper reads them. */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  order: t("contact.subject.order"),
  delivery: t("contact.subject.delivery"),
  returns: t("contact.subject.returns"),
  gift_help: t("contact.subject.gift_help"),
  trade: t("contact.subject.trade"),
  other: t("contact.subject.other"),
};
