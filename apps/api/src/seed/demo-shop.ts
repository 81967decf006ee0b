import type { MenuItemInput, StoreInput } from "../testing/factories";

/** The demo shop: a UK gift-book shop. Everything here is fixed data; the books are generated from it. */

export const DEMO_STORE_KEY = "quire-demo";

/** Fixed so that re-seeding never changes what the shop shows (no Date.now in seeded content). */
export const DEMO_CREATED_AT = new Date("2022-05-03T09:00:00Z");
export const DEMO_CONTENT_UPDATED_AT = new Date("2025-06-02T08:30:00Z");

export const DEMO_STORE: StoreInput = {
  key: DEMO_STORE_KEY,
  name: "Quire Books",
  defaultCurrencyCode: "GBP",
  defaultCountryCode: "GB",
  currencyCodes: ["GBP", "EUR", "USD"],
  countryCodes: ["GB", "IE", "FR", "DE", "NL", "US"],
  minimumOrderPrices: { GBP: 1000, EUR: 1200, USD: 1400 },
  inventoryAvailability: "LowStockAlert",
  lowStockThreshold: 5,
  // A British bookshop's days: its figures and the back office's times follow the clocks in the UK.
  timeZone: "Europe/London",
  anonymousCustomerProductPolicy: "AllowedUnauthorizedCheckout",
  isOutOfStockPurchaseEnabled: false,
  isQuickOrderEnabled: true,
  displayProductVariantSkusEnabled: true,
  isCheckoutTermsAndConditionsEnabled: true,
  checkoutTermsAndConditionsText:
    "By placing this order you agree to the Quire Books terms and conditions. You may cancel within 14 days of delivery and return unused items within 30 days for a full refund. Personalised items and opened gift sets cannot be returned unless faulty. Prices include VAT where it applies.",
  // A made-up account: the IBAN is the standard example of the UK's format, not a real account.
  bankTransferDetails: {
    accountName: "Quire Books Ltd",
    bankName: "Example Bank plc",
    sortCode: "20-20-15",
    accountNumber: "55555555",
    iban: "GB33BUKB20201555555555",
    bic: "BUKBGB22",
  },
  createdAt: DEMO_CREATED_AT,
};

/**
 * The demo books' product safety information (decision 059): the shop's own imprint prints them in the UK, outside
 * the EU, so a responsible person in the EU is named. Both are made up, with addresses on example domains; a postal
 * address leaves out its country, which is a field of its own.
 */
export const DEMO_MANUFACTURER = {
  name: "Quire Books Press Ltd",
  postalAddress: "7 Paper Mill Lane\nHay-on-Wye HR3 5AA",
  countryCode: "GB",
  electronicAddress: "product-safety@quire-books.example",
};
export const DEMO_RESPONSIBLE_PERSON = {
  name: "Harbour Compliance Services Ltd",
  postalAddress: "21 Custom House Quay\nDublin D01 X2F4",
  countryCode: "IE",
  electronicAddress: "https://harbour-compliance.example/product-safety",
};
/** Warnings by age range: a book for the youngest readers says what a parent must know. */
export const DEMO_SAFETY_WARNINGS: Partial<Record<AgeRangeCode, string>> = {
  "0-2": "Suitable from birth. Check the book before use: remove it if a page or corner comes loose. Keep away from fire.",
  "3-5": "Not suitable for children under 3 years: flaps and pull-tabs are small parts. Keep away from fire.",
};

export const CURRENCIES = ["GBP", "EUR", "USD"] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export interface CategoryDefinition {
  slug: string;
  name: string;
  description: string;
  children: { slug: string; name: string; description: string }[];
}

/** The featured top-level categories the storefront links to (/store/<slug>), in its order, each with its leaves. */
export const CATEGORY_TREE: CategoryDefinition[] = [
  {
    slug: "gift-books-for-her",
    name: "Gift Books for Her",
    description: "Beautiful books for the women in your life, from cookery and gardening to book-club fiction and poetry.",
    children: [
      { slug: "gifts-for-mum", name: "For Mum", description: "Books she will actually read, chosen with mums in mind." },
      { slug: "gifts-for-grandma", name: "For Grandma", description: "Comforting reads, gardens, kitchens and stories to share." },
      {
        slug: "wellbeing-and-self-care",
        name: "Wellbeing & Self-care",
        description: "Gentle books about rest, calm and looking after yourself.",
      },
      {
        slug: "book-club-favourites",
        name: "Book Club Favourites",
        description: "Novels that keep the conversation going long after the last page.",
      },
      {
        slug: "beautiful-editions",
        name: "Beautiful Editions",
        description: "Cloth-bound, illustrated and gift editions to keep for ever.",
      },
    ],
  },
  {
    slug: "gift-books-for-him",
    name: "Gift Books for Him",
    description: "Thrillers, history, sport and adventure for the men who are impossible to buy for.",
    children: [
      { slug: "gifts-for-dad", name: "For Dad", description: "Books for dads who say they do not want anything." },
      { slug: "gifts-for-grandad", name: "For Grandad", description: "History, gardens, nature and a good puzzle." },
      { slug: "crime-and-thrillers", name: "Crime & Thrillers", description: "Page-turners, locked rooms and detectives worth following." },
      { slug: "history-and-biography", name: "History & Biography", description: "True stories of people, places and turning points." },
      {
        slug: "sport-and-adventure",
        name: "Sport & Adventure",
        description: "Mountains, long rides, great seasons and the people who lived them.",
      },
    ],
  },
  {
    slug: "gifts-books-by-occasion",
    name: "Gift Books by Occasion",
    description: "The right book for the moment, from birthdays to thank-yous.",
    children: [
      { slug: "birthday-gifts", name: "Birthday Gifts", description: "Books to unwrap on the day, for every age." },
      {
        slug: "christmas-gifts",
        name: "Christmas Gifts",
        description: "Stocking fillers, big books for under the tree and festive reads.",
      },
      { slug: "mothers-day-gifts", name: "Mother's Day Gifts", description: "Thoughtful books to say thank you, Mum." },
      { slug: "fathers-day-gifts", name: "Father's Day Gifts", description: "Books for dads and grandads, wrapped and ready." },
      {
        slug: "wedding-and-anniversary-gifts",
        name: "Wedding & Anniversary Gifts",
        description: "Poetry, cookery and keepsake editions for couples.",
      },
      { slug: "thank-you-gifts", name: "Thank You Gifts", description: "Small, lovely books for teachers, neighbours and friends." },
    ],
  },
  {
    slug: "books-by-interest",
    name: "Books by Interest",
    description: "Find a book for whatever they love doing.",
    children: [
      { slug: "cookery", name: "Cookery & Baking", description: "Recipes for weeknights, weekends and showing off." },
      { slug: "gardening", name: "Gardening", description: "Borders, allotments, pots and windowsills." },
      { slug: "travel", name: "Travel", description: "Slow journeys, great walks and places to dream about." },
      { slug: "nature-and-wildlife", name: "Nature & Wildlife", description: "Birds, woods, rivers and the year outdoors." },
      { slug: "art-and-design", name: "Art & Design", description: "Painting, drawing, houses and the way things are made." },
      {
        slug: "puzzles-and-quizzes",
        name: "Puzzles & Quizzes",
        description: "Quiz books, crosswords and brain-teasers for the whole family.",
      },
    ],
  },
  {
    slug: "childrens-books",
    name: "Children's Books",
    description: "Board books, picture books and stories for every age, chosen by parents and teachers.",
    children: [
      { slug: "baby-and-toddler", name: "Baby & Toddler", description: "Board books and touch-and-feel books for ages 0 to 2." },
      { slug: "picture-books", name: "Picture Books", description: "Stories to read aloud, for ages 3 to 5." },
      { slug: "ages-5-8", name: "Ages 5-8", description: "First chapter books and early readers." },
      { slug: "ages-9-12", name: "Ages 9-12", description: "Adventures, mysteries and funny books for confident readers." },
      { slug: "teen-and-young-adult", name: "Teen & Young Adult", description: "Stories for readers aged 13 and up." },
    ],
  },
  {
    slug: "trending",
    name: "Trending",
    description: "What everyone is buying, reading and talking about right now.",
    children: [
      { slug: "bestsellers", name: "Bestsellers", description: "Our most popular books this season." },
      { slug: "new-releases", name: "New Releases", description: "Just published and new to the shop." },
      { slug: "staff-picks", name: "Staff Picks", description: "The books our booksellers press into customers' hands." },
      { slug: "award-winners", name: "Award Winners", description: "Prize-winning and shortlisted books." },
    ],
  },
  {
    slug: "view-all",
    name: "View All",
    description: "Every book in the shop, by kind.",
    children: [
      { slug: "fiction", name: "Fiction", description: "Novels and short stories." },
      { slug: "non-fiction", name: "Non-fiction", description: "Cookery, history, nature, travel and more." },
      { slug: "poetry", name: "Poetry", description: "Collections and anthologies." },
      { slug: "boxed-sets", name: "Boxed Sets", description: "Whole series in one beautiful box." },
      { slug: "gift-sets", name: "Gift Sets", description: "A book with a notebook, bookmark or something lovely, ready to give." },
    ],
  },
];

export const FEATURED_CATEGORY_SLUGS = CATEGORY_TREE.map((category) => category.slug);

/** Variant formats. `code` is the format attribute's value code and the SKU suffix's source. */
export const FORMATS = {
  hardback: { label: "Hardback", skuSuffix: "HB", pounds: [13, 25] },
  paperback: { label: "Paperback", skuSuffix: "PB", pounds: [8, 13] },
  "gift-edition": { label: "Gift edition", skuSuffix: "GE", pounds: [19, 35] },
  "board-book": { label: "Board book", skuSuffix: "BB", pounds: [6, 9] },
  "boxed-set": { label: "Boxed set", skuSuffix: "BX", pounds: [25, 60] },
  "gift-set": { label: "Gift set", skuSuffix: "GS", pounds: [20, 45] },
} as const satisfies Record<string, { label: string; skuSuffix: string; pounds: [number, number] }>;
export type FormatCode = keyof typeof FORMATS;

export const AGE_RANGES = {
  "0-2": "Ages 0-2",
  "3-5": "Ages 3-5",
  "5-8": "Ages 5-8",
  "9-12": "Ages 9-12",
  "13-plus": "Ages 13+",
  adult: "Adult",
} as const;
export type AgeRangeCode = keyof typeof AGE_RANGES;

export const OCCASIONS = {
  birthday: "Birthday",
  christmas: "Christmas",
  "mothers-day": "Mother's Day",
  "fathers-day": "Father's Day",
  wedding: "Wedding",
  anniversary: "Anniversary",
  "valentines-day": "Valentine's Day",
  "thank-you": "Thank you",
  "new-baby": "New baby",
  retirement: "Retirement",
} as const;
export type OccasionCode = keyof typeof OCCASIONS;

/** Which occasion category a product with this occasion also sits in. */
export const OCCASION_CATEGORY: Partial<Record<OccasionCode, string>> = {
  birthday: "birthday-gifts",
  christmas: "christmas-gifts",
  "mothers-day": "mothers-day-gifts",
  "fathers-day": "fathers-day-gifts",
  wedding: "wedding-and-anniversary-gifts",
  anniversary: "wedding-and-anniversary-gifts",
  "valentines-day": "wedding-and-anniversary-gifts",
  "thank-you": "thank-you-gifts",
  retirement: "thank-you-gifts",
};

export const THEMES = {
  cookery: "Cookery",
  baking: "Baking",
  gardening: "Gardening",
  travel: "Travel",
  nature: "Nature",
  "art-and-design": "Art & design",
  puzzles: "Puzzles & games",
  crime: "Crime & mystery",
  literary: "Literary fiction",
  romance: "Romance",
  historical: "Historical fiction",
  history: "History",
  sport: "Sport",
  adventure: "Adventure",
  wellbeing: "Wellbeing",
  poetry: "Poetry",
  animals: "Animals",
  bedtime: "Bedtime",
  funny: "Funny stories",
  fantasy: "Fantasy",
  friendship: "Friendship",
  family: "Family",
} as const;
export type ThemeCode = keyof typeof THEMES;

/**
 * Filterable attributes. Price bands are not an attribute: a band depends on the currency, so the
 * storefront filters with MinPrice/MaxPrice against product_price_index instead.
 */
export const ATTRIBUTE_DEFINITIONS = [
  { code: "format", name: "Format", values: Object.entries(FORMATS).map(([code, format]) => ({ code, label: format.label })) },
  { code: "author", name: "Author", values: [] as { code: string; label: string }[] },
  { code: "age-range", name: "Age range", values: Object.entries(AGE_RANGES).map(([code, label]) => ({ code, label })) },
  { code: "occasion", name: "Occasion", values: Object.entries(OCCASIONS).map(([code, label]) => ({ code, label })) },
  { code: "theme", name: "Theme", values: Object.entries(THEMES).map(([code, label]) => ({ code, label })) },
];

export const PRODUCT_TYPES = [
  { code: "book", name: "Book", attributes: ["format", "author", "age-range", "occasion", "theme"] },
  { code: "boxed-set", name: "Boxed set", attributes: ["format", "author", "age-range", "theme", "occasion"] },
  { code: "gift-set", name: "Gift set", attributes: ["format", "occasion", "theme", "author", "age-range"] },
] as const;
export type ProductTypeCode = (typeof PRODUCT_TYPES)[number]["code"];

export const ADDONS = [
  {
    code: "gift-wrap",
    name: "Gift wrap",
    description: "Wrapped by hand in recycled paper and tied with cotton ribbon.",
    options: [
      { name: "Classic kraft", prices: { GBP: 250, EUR: 299, USD: 349 } },
      { name: "Festive red", prices: { GBP: 295, EUR: 349, USD: 399 } },
      { name: "Pastel floral", prices: { GBP: 295, EUR: 349, USD: 399 } },
    ],
  },
  {
    code: "message-card",
    name: "Message card",
    description: "Your message written by hand in ink on a recycled card, tucked inside the parcel.",
    options: [{ name: "Handwritten card", prices: { GBP: 150, EUR: 199, USD: 249 } }],
  },
];

const MENU_LABELS: Record<string, string> = {
  "gift-books-for-her": "Gifts for her",
  "gift-books-for-him": "Gifts for him",
  "gifts-books-by-occasion": "By occasion",
  "books-by-interest": "By interest",
  "childrens-books": "Children's",
  trending: "Trending",
  "view-all": "All books",
};

/** The main menu: one item per featured category, with its subcategories beneath. */
export const MAIN_MENU: MenuItemInput[] = CATEGORY_TREE.map((category) => ({
  label: MENU_LABELS[category.slug] ?? category.name,
  url: `/store/${category.slug}`,
  subMenuItems: category.children.map((child) => ({ label: child.name, url: `/store/${child.slug}` })),
}));

/** Old URLs from the shop's previous site. Product redirects are added for the first demo books. */
export const REDIRECTS = [
  { oldUrl: "/shop/gifts-for-her", newUrl: "/store/gift-books-for-her" },
  { oldUrl: "/shop/gifts-for-him", newUrl: "/store/gift-books-for-him" },
  { oldUrl: "/shop/childrens", newUrl: "/store/childrens-books" },
  { oldUrl: "/shop/occasions", newUrl: "/store/gifts-books-by-occasion" },
  { oldUrl: "/books/bestsellers", newUrl: "/store/trending" },
  { oldUrl: "/books/new", newUrl: "/store/new-releases" },
  { oldUrl: "/info/delivery", newUrl: "/deliveries" },
  { oldUrl: "/info/returns", newUrl: "/returns" },
  { oldUrl: "/about-us", newUrl: "/about" },
  { oldUrl: "/contact", newUrl: "/support" },
];
/** Ids the old site used for the first few demo books: /shop/prod/<id> -> /store/product/<slug>. */
export const LEGACY_PRODUCT_IDS = [4417, 5093, 6128];
