import { translator, type MessageSet } from "../translator";

/** The contact page (routes/contact-us.tsx) and its subjects (features/contact/contact-subjects.ts). */
export const contactMessages = {
  "contact.title": "Contact us",
  "contact.description": "Questions about an order, a delivery or the right gift: write to our booksellers.",
  "contact.intro":
    "A question about an order, a delivery or the right book for someone? Write to us and a bookseller will reply within one working day.",
  "contact.sent": "Thank you: your message is with us.",
  "contact.sent_reference": "Your reference is {reference}. We'll reply to the address you gave within one working day.",
  "contact.send_another": "Send another message",
  "contact.name": "Your name",
  "contact.email": "Email address",
  "contact.subject": "What is it about?",
  "contact.choose_subject": "Choose a subject",
  "contact.message": "Your message",
  "contact.sending": "Sending…",
  "contact.send": "Send message",
  "contact.aside.email": "Email",
  "contact.aside.hours": "Opening hours",
  "contact.aside.hours_text": "Monday to Friday, 9am to 5pm (UK time). Messages sent at the weekend are answered on Monday.",
  "contact.aside.quick_answers": "Quick answers",
  "contact.aside.delivery": "Delivery",
  "contact.aside.returns": "Returns",
  "contact.aside.faq": "FAQ",
  "contact.subject.order": "An order I've placed",
  "contact.subject.delivery": "Delivery",
  "contact.subject.returns": "Returns and refunds",
  "contact.subject.gift_help": "Help choosing a gift",
  "contact.subject.trade": "Trade and wholesale accounts",
  "contact.subject.accessibility": "An accessibility problem",
  "contact.subject.other": "Something else",
} as const satisfies MessageSet;

export const t = translator(contactMessages);
