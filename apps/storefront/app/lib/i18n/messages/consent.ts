import { translator, type MessageSet } from "../translator";

/** Cookie consent: the banner the server renders (features/consent/cookie-banner.server.tsx) and the settings page. */
export const consentMessages = {
  "consent.banner.title": "Cookies on this shop",
  "consent.banner.text":
    "We use the cookies the shop needs to work. With your permission we'd also use analytics and marketing cookies to see how the shop is used and improve it. Read more, or choose what to allow, in our {link}.",
  "consent.banner.link": "cookie settings",
  "consent.accept_all": "Accept all",
  "consent.reject_all": "Reject all",
  "consent.manage": "Manage",
  "consent.settings.title": "Cookie settings",
  "consent.settings.intro":
    "Choose which cookies we may use. The ones the shop needs to work (your basket, sign-in, currency, country and this choice) are always on; nothing else is used until you say so, and you can change your mind here at any time.",
  "consent.settings.no_choice": "You haven't made a choice yet: analytics and marketing cookies are off.",
  "consent.settings.choice": "Your choice: analytics {analytics}, marketing {marketing}.",
  "consent.settings.on": "on",
  "consent.settings.off": "off",
  "consent.settings.allowed": "Cookies you allow",
  "consent.settings.necessary": "Strictly necessary",
  "consent.settings.necessary_text":
    "Your basket, sign-in, currency, country, language and this choice. Always on: the shop cannot work without them.",
  "consent.settings.analytics": "Analytics",
  "consent.settings.analytics_text":
    "Tells us which pages and books are looked at and what is bought, through our tag manager, so that we can improve the shop. Nothing is sent until you allow it.",
  "consent.settings.marketing": "Marketing",
  "consent.settings.marketing_text": "Lets us and our advertising partners measure our campaigns and show you offers that suit you.",
  "consent.settings.save": "Save my choices",
  "consent.saved.accept_all": "Thanks: analytics and marketing cookies are on. You can change this at any time.",
  "consent.saved.reject_all": "Only the cookies the shop needs to work are used. You can change this at any time.",
  "consent.saved.choices": "Your cookie settings have been saved.",
} as const satisfies MessageSet;

export const t = translator(consentMessages);
