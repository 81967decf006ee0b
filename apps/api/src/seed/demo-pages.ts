import type { PageBlock } from "../modules/content/content.tables";
import { FEATURED_CATEGORY_SLUGS } from "./demo-shop";

export interface DemoPage {
  url: string;
  title: string;
  metaDescription: string;
  blocks: PageBlock[];
}

/** The demo shop's address for customers, where its contact form's messages are mailed too. */
export const DEMO_CONTACT_EMAIL = "help@quire.example";
const CONTACT_EMAIL = DEMO_CONTACT_EMAIL;

/** Content pages of the demo shop: the home page and the pages the footer links to (/about, /faq, /deliveries...). */
export const DEMO_PAGES: DemoPage[] = [
  {
    url: "/",
    title: "Quire Books: gift books, wrapped and sent",
    metaDescription:
      "Hand-picked gift books for everyone on your list, gift wrapped with a handwritten card and delivered across the UK, Europe and the US.",
    blocks: [
      {
        type: "hero",
        title: "Books worth giving",
        text: "Hand-picked gift books for everyone on your list, wrapped in recycled paper and sent with a handwritten card.",
        linkLabel: "Find a gift",
        linkUrl: "/store/gifts-books-by-occasion",
      },
      { type: "categoryLinks", title: "Shop by category", slugs: FEATURED_CATEGORY_SLUGS },
      // Named for what the category holds: "Trending now" is the home page's own row of what shoppers view and buy.
      { type: "productRail", title: "Bestsellers and new releases", categorySlug: "trending", limit: 12 },
      { type: "productRail", title: "Gift books for her", categorySlug: "gift-books-for-her", limit: 12 },
      { type: "heading", text: "Why shop with Quire" },
      {
        type: "list",
        items: [
          "Free UK delivery on orders over £30, and next-day delivery when you order by 2pm.",
          "Gift wrap in three papers and a handwritten message card on almost every book.",
          "30 days to return anything unused, with a free exchange for gifts.",
          "Every book chosen by a small team of booksellers, not an algorithm.",
        ],
      },
    ],
  },
  {
    url: "/about",
    title: "About us",
    metaDescription: "Quire Books is a small online bookshop that chooses, wraps and sends gift books.",
    blocks: [
      { type: "heading", text: "A small shop for giving books" },
      {
        type: "paragraph",
        text: "Quire Books began with a simple idea: a book is the best present there is, as long as it is the right book. Our booksellers read widely, argue about favourites and choose every title we stock, so you can find a gift for anyone, from a new baby to a grandad who says he has everything.",
      },
      {
        type: "paragraph",
        text: "We wrap each gift by hand in recycled paper, tie it with cotton ribbon and, if you like, write your message in ink on a card. Parcels leave our warehouse in Bristol every weekday afternoon.",
      },
      { type: "heading", text: "What we care about" },
      {
        type: "list",
        items: [
          "Good advice: ask us for a recommendation and a bookseller will reply, usually the same day.",
          "Plastic-free packaging: paper tape, recycled card and wrapping you can recycle at home.",
          "Fair prices, shown with VAT included, and no surprise charges at checkout.",
        ],
      },
      {
        type: "paragraph",
        text: "Quire Books is the demonstration shop of Quire, an open-source storefront. The books and authors are invented; the shop itself works as a real one does.",
      },
    ],
  },
  {
    url: "/faq",
    title: "Frequently asked questions",
    metaDescription: "Answers to common questions about ordering, gift wrap, delivery and returns at Quire Books.",
    blocks: [
      { type: "heading", text: "Can you send a gift straight to someone else?" },
      {
        type: "paragraph",
        text: "Yes. Enter their address as the delivery address at checkout and your own as the billing address. We never put a price or a receipt in the parcel, and you can add gift wrap and a handwritten card to each book.",
      },
      { type: "heading", text: "How long will my order take?" },
      {
        type: "paragraph",
        text: "Orders placed by 2pm on a weekday leave the same day. UK standard delivery takes 2-4 working days and express arrives the next working day. See our delivery page for Ireland, Europe and the US.",
      },
      { type: "heading", text: "Is there a minimum order?" },
      {
        type: "paragraph",
        text: "Yes: orders must come to at least £10, €12 or $14 before delivery, depending on the currency you shop in.",
      },
      { type: "heading", text: "Do you offer discounts for schools, book clubs and businesses?" },
      {
        type: "paragraph",
        text: "Many books show a lower price per copy when you buy 5 or 10. For larger orders, or to open a trade account with invoice payment, email us and a bookseller will help.",
      },
      { type: "heading", text: "A book I want is out of stock. Will it come back?" },
      {
        type: "paragraph",
        text: "Usually, yes. Ask to be notified on the book's page and we will email you once when it is back, and never for anything else.",
      },
      { type: "heading", text: "Can I change or cancel my order?" },
      {
        type: "paragraph",
        text: "You can cancel from your account until the order is packed. After that, return it within 30 days of delivery for a refund.",
      },
    ],
  },
  {
    url: "/deliveries",
    title: "Delivery",
    metaDescription: "Delivery times and costs for the UK, Ireland, Europe and the US.",
    blocks: [
      { type: "heading", text: "When your order leaves us" },
      {
        type: "paragraph",
        text: "Orders placed by 2pm, Monday to Friday, are packed and dispatched the same day. Orders placed later, at weekends or on bank holidays leave on the next working day. You will get an email with tracking as soon as your parcel is on its way.",
      },
      { type: "heading", text: "United Kingdom" },
      {
        type: "list",
        items: [
          "Standard tracked delivery: 2-4 working days, £3.95, free on orders over £30.",
          "Express tracked delivery: next working day when ordered by 2pm Monday to Thursday, £5.95.",
          "Highlands, islands, Northern Ireland and the Channel Islands: allow one or two extra days.",
        ],
      },
      { type: "heading", text: "Ireland and Europe" },
      {
        type: "list",
        items: [
          "Ireland: 4-6 working days, €7.95, free on orders over €45.",
          "France, Germany and the Netherlands: 5-8 working days, €9.95, free on orders over €60.",
          "VAT is collected at checkout, so there is nothing more to pay when your parcel arrives.",
        ],
      },
      { type: "heading", text: "United States" },
      {
        type: "list",
        items: ["Tracked airmail: 7-12 working days, $14.95, free on orders over $90.", "Books enter the US free of import duty."],
      },
      {
        type: "paragraph",
        text: `If your parcel has not arrived within the times above, email ${CONTACT_EMAIL} with your order number and we will trace it or send a replacement.`,
      },
    ],
  },
  {
    url: "/returns",
    title: "Returns and refunds",
    metaDescription: "Return unused items within 30 days of delivery for a full refund.",
    blocks: [
      { type: "heading", text: "30 days to change your mind" },
      {
        type: "paragraph",
        text: "If you are not happy with a book, return it unused and in its original condition within 30 days of delivery and we will refund the price of the book and the original standard delivery charge.",
      },
      { type: "heading", text: "How to return something" },
      {
        type: "list",
        items: [
          "Start a return from Orders in your account, choosing the items and the reason.",
          "Pack the items securely and include your order number.",
          "Send the parcel to the address in your return confirmation email. UK customers can use a prepaid label for £2.95, taken off the refund.",
          "We refund to your original payment method within 5 working days of receiving the parcel.",
        ],
      },
      { type: "heading", text: "Damaged or wrong items" },
      {
        type: "paragraph",
        text: "If a book arrives damaged or we sent the wrong one, tell us within 14 days. We will send a replacement straight away, and the return postage is on us.",
      },
      { type: "heading", text: "Gifts" },
      {
        type: "paragraph",
        text: "Received a book as a present? We can exchange it or give a credit note, and we will not tell the person who sent it. Gift wrap, message cards and opened gift sets cannot be refunded unless they are faulty.",
      },
    ],
  },
  {
    url: "/support",
    title: "Help and contact",
    metaDescription: "How to contact Quire Books about an order, a return or a book recommendation.",
    blocks: [
      { type: "heading", text: "We are here to help" },
      {
        type: "paragraph",
        text: `Email ${CONTACT_EMAIL} and a member of our team will reply within one working day, usually much sooner. Please include your order number if your question is about an order.`,
      },
      {
        type: "list",
        items: [
          "Customer service hours: Monday to Friday, 9am to 5pm UK time.",
          "Track an order: sign in and open Orders in your account.",
          "Start a return: open the order in your account and choose Return items.",
          "Need a recommendation? Tell us who the book is for and what they enjoy.",
        ],
      },
      { type: "heading", text: "Trade and schools" },
      {
        type: "paragraph",
        text: "Schools, libraries, book clubs and businesses can order on account with invoice payment. Email us with your organisation's name and we will set up your account.",
      },
    ],
  },
  {
    url: "/terms-and-conditions",
    title: "Terms and conditions",
    metaDescription: "The terms that apply when you buy from Quire Books.",
    blocks: [
      {
        type: "paragraph",
        text: "These terms apply to every order placed with Quire Books. Please read them before you order; by placing an order you accept them.",
      },
      { type: "heading", text: "1. Your order" },
      {
        type: "paragraph",
        text: "Your order is an offer to buy. The contract between us is made when we email to confirm that your order has been dispatched. If we cannot supply a book, we will tell you and refund any payment in full.",
      },
      { type: "heading", text: "2. Prices and payment" },
      {
        type: "paragraph",
        text: "Prices are shown in pounds sterling, euros or US dollars and include VAT where it applies. Delivery charges are shown before you pay. Payment is taken when you place your order; trade customers with an account may pay by invoice within 30 days.",
      },
      { type: "heading", text: "3. Delivery" },
      {
        type: "paragraph",
        text: "We aim to deliver within the times on our delivery page. The books become yours once they are delivered and paid for.",
      },
      { type: "heading", text: "4. Cancelling and returns" },
      {
        type: "paragraph",
        text: "You may cancel your contract within 14 days of delivery without giving a reason, and you may return unused items within 30 days for a refund, as our returns page explains. This does not affect your statutory rights.",
      },
      { type: "heading", text: "5. Liability" },
      {
        type: "paragraph",
        text: "We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms. We do not exclude liability where it would be unlawful to do so.",
      },
      { type: "heading", text: "6. Law" },
      {
        type: "paragraph",
        text: "These terms are governed by the law of England and Wales. You may also bring proceedings in the country where you live.",
      },
    ],
  },
  {
    url: "/policies",
    title: "Shop policies",
    metaDescription: "How Quire Books handles your data, cookies, payments and packaging.",
    blocks: [
      { type: "heading", text: "Privacy" },
      {
        type: "paragraph",
        text: "We use your details only to take and deliver your orders, run your account and, if you ask us to, send our newsletter. We never sell your data. Our full privacy policy explains what we keep, for how long and how to ask us to delete it.",
      },
      { type: "heading", text: "Cookies" },
      {
        type: "paragraph",
        text: "Necessary cookies keep you signed in and remember your basket, currency and country. Analytics and marketing cookies are used only if you accept them, and you can change your choice at any time in cookie settings.",
      },
      { type: "heading", text: "Payments and security" },
      {
        type: "paragraph",
        text: "Card payments are handled by our payment providers; we never see or store your full card number. Every page of the shop is served over an encrypted connection.",
      },
      { type: "heading", text: "Pricing" },
      {
        type: "paragraph",
        text: "Sale prices show the price the book was sold at before the sale. Quantity prices apply automatically when you buy 5 or 10 copies of a book.",
      },
      { type: "heading", text: "Packaging" },
      {
        type: "list",
        items: [
          "Boxes and paper padding are recycled and recyclable.",
          "Gift wrap is recycled paper with cotton ribbon, no glitter and no plastic tape.",
          "We reuse the packaging publishers send to us wherever we can.",
        ],
      },
    ],
  },
];
