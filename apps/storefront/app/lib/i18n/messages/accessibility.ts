import { translator, type MessageSet } from "../translator";

/**
 * The accessibility statement (routes/accessibility-statement.tsx). A template the merchant adapts to their shop,
 * not legal advice: "How we check it" describes Quire's own tests (apps/storefront/tests/e2e: accessibility.ts,
 * wcag22.e2e.ts, shell.e2e.ts, search.e2e.ts, wishlists-journeys.e2e.ts, the journeys without JavaScript, and
 * app/design-tokens.test.ts), so change it when they change; "What we know is not yet right" is what those tests
 * leave out.
 */
export const accessibilityMessages = {
  "accessibility.title": "Accessibility statement",
  "accessibility.description":
    "How accessible {store}'s website is, how we check it, what is not yet right, and how to tell us about a problem.",
  "accessibility.template_note":
    "A note for the shop: this statement is Quire's template. Adapt it to your shop and check it against the law that applies to you before relying on it; it is not legal advice.",
  "accessibility.intro":
    "{store} wants everyone to be able to find, choose and buy books here, whether they use a screen reader, a keyboard instead of a mouse, a magnifier, voice control or a phone.",

  "accessibility.aim.title": "Our aim",
  "accessibility.aim.text":
    "We aim for this website to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, the international guidelines for making websites usable by disabled people. Some parts do not meet them yet: the ones we know about are listed below.",

  "accessibility.checks.title": "How we check it",
  "accessibility.checks.intro":
    "Every change to the shop's software runs automated tests that open the shop in a browser (Chromium, the engine inside Google Chrome and Microsoft Edge) and use it as a shopper would. They check:",
  "accessibility.checks.axe.title": "Every page a test visits.",
  "accessibility.checks.axe.text":
    "An automated checker, axe-core, looks at each page the tests open: the home page, categories, books, search, the basket, the checkout, sign-in and account pages, the blog, the contact form and more. A serious or critical problem fails the test.",
  "accessibility.checks.wcag22.title": "Every WCAG 2.2 A and AA rule, on a few pages.",
  "accessibility.checks.wcag22.text":
    "A category page with a filter chosen, the checkout, the first step of withdrawing from a contract and this statement are checked against all of axe-core's WCAG 2.2 level A and AA rules, at a computer's width (1280 pixels) and a phone's (390 pixels). Any problem at all fails the test.",
  "accessibility.checks.keyboard.title": "The keyboard, in places.",
  "accessibility.checks.keyboard.text":
    "Tests use only the keyboard to skip past the menu to the page's content, to choose a search suggestion with the arrow keys, and to save a book to favourites, checking that the focus lands where it should.",
  "accessibility.checks.forms.title": "Forms.",
  "accessibility.checks.forms.text":
    "Tests find every field they fill in by its label, the name a screen reader announces, and where they make a mistake on purpose, check that it is explained next to the field it is about.",
  "accessibility.checks.contrast.title": "Colour contrast.",
  "accessibility.checks.contrast.text":
    "The shop's colours are checked so that text stands out from its background by at least 4.5 to 1, and the edges of fields and the focus outline by at least 3 to 1. axe-core checks the contrast of text on every page it looks at, too.",
  "accessibility.checks.no_js.title": "Without JavaScript.",
  "accessibility.checks.no_js.text":
    "Tests switch JavaScript off and still search, sign in, fill a basket, place and pay for an order, manage addresses, orders, returns and favourites, withdraw from an order, sign up to the newsletter and send the contact form.",
  "accessibility.checks.limits":
    "Automated checks find only some kinds of problem, so passing them does not prove that the shop is easy for everyone to use.",

  "accessibility.gaps.title": "What we know is not yet right",
  "accessibility.gaps.payment.title": "Payment providers' pages.",
  "accessibility.gaps.payment.text":
    "If you pay by card or with PayPal, you may finish paying on the payment provider's own page. The provider runs that page, not us, so we cannot fix a problem there. Tell us anyway: we'll pass it on and help you complete your order.",
  "accessibility.gaps.content.title": "Pictures and writing by our staff.",
  "accessibility.gaps.content.text":
    "The descriptions of pictures (their alternative text), our pages and our blog posts are written by our staff. No test can tell whether a description says what a picture shows, so some may be missing or unhelpful.",
  "accessibility.gaps.pdf.title": "The proforma invoice.",
  "accessibility.gaps.pdf.text":
    "If you pay by bank transfer, the proforma invoice with our bank details is a PDF that is not marked up for screen readers (it is not a tagged PDF). If you cannot read it, contact us and we'll send you the details another way.",
  "accessibility.gaps.coverage.title": "Not every page gets the full check.",
  "accessibility.gaps.coverage.text":
    "Most pages are checked only for serious and critical problems, and only the pages the tests open; the full WCAG 2.2 check covers the four pages named above.",
  "accessibility.gaps.keyboard.title": "The keyboard, elsewhere.",
  "accessibility.gaps.keyboard.text":
    "Using the shop with the keyboard alone is tested only in the places named above, not on every journey, such as the whole way through the checkout.",
  "accessibility.gaps.assistive.title": "Screen readers, zoom and other browsers.",
  "accessibility.gaps.assistive.text":
    "We have not yet tested the shop with screen readers (such as NVDA, JAWS, VoiceOver or TalkBack), with the page zoomed to 400% or its text enlarged, or in browsers other than Chromium, such as Safari and Firefox.",

  "accessibility.report.title": "Tell us about a problem",
  "accessibility.report.text":
    "If something on this website is hard or impossible to use, or you need something from it in another form, please tell us. Say which page it was and what you were trying to do and, if you like, what you use to browse (a screen reader or a magnifier, for instance). We'll reply to the email address you give.",
  "accessibility.report.link": "Report an accessibility problem",

  "accessibility.reviewed": "This statement was last reviewed on {date}.",
} as const satisfies MessageSet;

export const t = translator(accessibilityMessages);
