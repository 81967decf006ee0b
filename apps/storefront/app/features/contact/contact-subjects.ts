import type { ContactSubject } from "@quire/contracts/constants";

/** The contact form's subjects as the shopper reads them. */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  order: "An order I've placed",
  delivery: "Delivery",
  returns: "Returns and refunds",
  gift_help: "Help choosing a gift",
  trade: "Trade and wholesale accounts",
  other: "Something else",
};
