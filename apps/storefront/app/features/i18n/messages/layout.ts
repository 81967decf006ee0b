import { translator, type MessageSet } from "../translator";

/**
 * The shell around every page: header, main menu, search box, preferences, footer; with the texts of the
 * components it renders from other features (the account menu of features/auth, the newsletter signup of
 * features/newsletter), since a set goes wherever its components go: here, into every page's scripts.
 */
export const layoutMessages = {
  "layout.skip_link": "Skip to content",
  "layout.back_to_top": "Back to top",
  "layout.header.tagline": "Gift books for every reader and every occasion.",
  "layout.favourites": "Favourites",
  "layout.menu.title": "Menu",
  "layout.menu.close": "Close menu",
  "layout.menu.label": "Main",
  "layout.menu.shop_all": "Shop all books",
  "layout.menu.all_in_group": "All {group}",
  "layout.menu.account": "Your account",
  "layout.search.label": "Search books",
  "layout.search.placeholder": "Title, author or ISBN",
  "layout.search.submit": "Search",
  "layout.preferences.label": "Currency and delivery country",
  "layout.preferences.currency": "Currency",
  "layout.preferences.country": "Deliver to",
  "layout.preferences.submit": "Update",
  "layout.account_menu.sign_in": "Sign in",
  // Read before the customer's name: "Account menu for Ada".
  "layout.account_menu.label_prefix": "Account menu for ",
  "layout.account_menu.orders": "Your orders",
  "layout.account_menu.settings": "Account settings",
  "layout.account_menu.sign_out": "Sign out",
  "layout.newsletter.title": "Newsletter",
  "layout.newsletter.pitch": "New gift books and offers, once or twice a month. No spam, ever.",
  "layout.newsletter.email": "Your email",
  "layout.newsletter.submit": "Subscribe",
  "layout.footer.about_shop": "An independent shop of gift books: for birthdays, thank-yous, new arrivals and every reader you know.",
  "layout.footer.copyright": "© {year} {storeName}",
  "layout.footer.shop": "Shop",
  "layout.footer.help": "Help",
  "layout.footer.terms": "Terms",
  "layout.footer.privacy": "Privacy",
  "layout.footer.cookies": "Cookies",
  "layout.footer.about": "About",
  "layout.nav.for_her": "Gift books for her",
  "layout.nav.for_him": "Gift books for him",
  "layout.nav.by_occasion": "Gift books by occasion",
  "layout.nav.by_interest": "Books by interest",
  "layout.nav.childrens": "Children's books",
  "layout.nav.trending": "Trending",
  "layout.nav.view_all": "View all",
  "layout.nav.support": "Support",
  "layout.nav.delivery": "Delivery",
  "layout.nav.returns": "Returns",
  "layout.nav.faq": "FAQ",
  "layout.nav.contact": "Contact us",
  "layout.nav.about": "About us",
  "layout.nav.blog": "Blog",
  "layout.nav.terms": "Terms and conditions",
  "layout.nav.policies": "Policies",
  "layout.nav.privacy": "Privacy policy",
  "layout.nav.cookies": "Cookie settings",
} as const satisfies MessageSet;

export const t = translator(layoutMessages);
