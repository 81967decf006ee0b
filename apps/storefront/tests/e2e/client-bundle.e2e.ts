import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { gzipSizeOf, pageScripts, readClientManifest, scriptsContaining } from "./client-bundle";

// The browser's bundle holds no zod (docs/decisions/022). The lint rule keeps browser modules on the
// contracts' zod-free entry; route modules may import schemas for their loaders and actions, which React
// Router leaves out of the browser's build. This checks the outcome on the build the browser tests run on
// (the e2e project always builds first), so a schema that leaks through either way fails here.

const CLIENT_BUILD = fileURLToPath(new URL("../../build/client", import.meta.url));
/**
 * Issue 9: what a page's scripts may weigh, gzipped, on its first load (the entry, the root, the layout and
 * the route, with what they import; dialogs and the toast region load on first use and are not counted), in
 * kilobytes of 1000 bytes, the unit, of the scripts each gzipped on its own, as a browser downloads
 * them. React DOM and React Router alone are 109 KB.
 *
 * The goal is 125 KB on browse pages and 145 KB on the cart and the checkout. The cart and the checkout meet
 * it; the browse pages do not yet (issue 9 stays open for it), so their budget is what they weigh now: a
 * feature cannot make them heavier without this failing, and each saving lowers the budget towards the goal.
 * Raised once, deliberately: the category page from 134 to 135 KB for issue 10's newsletter form in the
 * footer (0.4 KB on every page; moving the checkout's and the account's intents out of every page's scripts
 * won back 0.3 KB, enough for the home and product pages, not for the category page's 0.1 KB). And the home page
 * from 128 to 128.1 KB for issue 11: the search box's combobox on every page and the streamed "Trending now" row
 * (the suggestions' own code loads on the box's first focus; the placeholder and an attribute were cut to pay
 * for most of it, 13 bytes remained). And the home page from 128.1 to 128.6 KB and the category page from 135 to
 * 135.4 KB for issue 12's cookie consent, which every page must carry: the banner's dock, the scroll-to-top
 * button moved into it, and the lazy loader of the tag manager (0.4 KB; the banner's content is server-made HTML
 * and its classes live in the stylesheet, and the tag manager's code loads only after analytics consent, which
 * kept it from 0.7 KB). And the home page from 128.6 to 128.8 KB and the category page from 135.4 to 135.6 KB for
 * issue 12's e-commerce events: the attributes that name a list, a card and a promotion for select_item and
 * select_promotion (all the rest of the tracking is in the lazy module a page fetches only with analytics consent).
 * And the home page from 128.8 to 130.9 KB, the category page from 135.6 to 138.3 KB and the product page from 134 to
 * 136.6 KB for the rest of issue 12, all of it behaviour the shop must have: every text through
 * translation keys (home 0.8, category 1.3, product 1.2 KB: each page carries its areas' message sets, a key beside
 * its text), at most five prefetches at a time (0.8 KB: catalogue links queue their prefetch, React Router has no
 * such setting), the reload on a new version and the editor frame's guard in the root (0.5 KB; the guard's and the
 * version check's own code load only when needed), and icons drawn from a configured icon service (0.1 KB: the
 * sprite's address is the root's to give). And each of the three by 0.1 KB for issue 13's "back shortly" page: its
 * error.503_* texts, which every page carries with the other error page texts (the error page is drawn in the
 * browser too, and must say the same there). And the home page from 131 to 131.3 KB, the category page from 138.4 to
 * 138.5 KB and the product page from 136.7 to 137 KB for issue 25's links back to this page (lib/page-path.ts): the
 * header's sign-in link, the preferences form and each card's basket and favourite forms keep only the shop's own
 * parameters, bounded, drawn in the browser as on the server (0.3 KB with the control-character check, which the
 * category page already carried; that check ships its single-line pattern only, not the multiline one too). And
 * the product page from 137 to 137.1 KB for issue 26: the "Find my order" link in every page's footer and the
 * product page's "Often bought together" row (75 bytes there; the home and category pages' share was paid for by
 * moving the toast policy and the postcode rule out of every page's scripts). And the category page from 138.5 to
 * 138.7 KB for issue 26's filter and sort race: a listing form sent while another's navigation is still loading
 * builds on what that navigation asked for, read when the form is sent (use-listing-submit.ts, 0.13 KB); the
 * render-time state alone lost the filter when the page had not re-rendered in between, on a busy machine. And the
 * home page from 131.3 to 131.4 KB for issue 28's Markdown block, which a merchant's page may hold (the home page
 * is one): its case among the text blocks, inserting the HTML the API sanitised when the merchant wrote it (32
 * bytes over; its rendering and sanitising are the API's, none of it ships to the browser). And the home page from
 * 131.4 to 131.9 KB, the category page from 138.7 to 139.3 KB and the product page from 137.1 to 137.7 KB for issue
 * 28's product images and SEO fields (decisions 054, 047): every card, the gallery, the basket line and the search
 * suggestions draw an uploaded picture as a <picture> with its AVIF and WebP sources and sizes per place
 * (features/catalog/product-picture.tsx), and the product and category pages' meta functions, which run in the
 * browser on navigation too, take the merchant's SEO title and description (about 0.45 KB measured on each page).
 * And the home page from 131.9 to 132.1 KB, the category page from 139.3 to 139.4 KB and the product page from 137.7
 * to 138 KB for issue 30, the law a shop selling into the EU and the UK must follow: every page's footer links to the
 * accessibility statement and the withdrawal function ("Withdraw from contract here", which the law asks for on every
 * page), and every struck-through price says the lowest price of the 30 days before the sale (the Price component,
 * on cards and the product page). The product safety section, the product page's largest part of it, is made on the
 * server as markup (features/catalog/product-safety.server.tsx), which kept 0.4 KB of code and texts out; measured
 * 132 028, 139 362 and 137 916 bytes.
 */
const PAGE_BUDGETS = [
  { page: "the home page", routeId: "routes/home", budgetKB: 132.1, goalKB: 125 },
  { page: "a category page", routeId: "routes/store-category", budgetKB: 139.4, goalKB: 125 },
  { page: "a product page", routeId: "routes/store-product", budgetKB: 138, goalKB: 125 },
  { page: "the cart", routeId: "cart", budgetKB: 145, goalKB: 145 },
  { page: "the checkout", routeId: "checkout", budgetKB: 145, goalKB: 145 },
];
const KB = 1000;
/** Strings only zod's code holds: its error class and its core type's name. */
const ZOD_MARKERS = ["ZodError", "$ZodType"];

describe("the storefront's browser bundle", () => {
  it("holds no zod in any script", () => {
    for (const marker of ZOD_MARKERS) expect(scriptsContaining(CLIENT_BUILD, marker), marker).toEqual([]);
  });

  it("loads a product page's scripts from the route manifest: the entry, the root, the layout and the route", () => {
    const manifest = readClientManifest(CLIENT_BUILD);
    const scripts = pageScripts(manifest, "routes/store-product");
    const modules = [manifest.entry, ...["root", "layouts/default-layout", "routes/store-product"].map((id) => manifest.routes[id]!)];
    expect(scripts).toEqual(expect.arrayContaining(modules.map((entry) => entry.module)));
    // With what they import.
    expect(scripts.length).toBeGreaterThan(modules.length);
  });

  for (const { page, routeId, budgetKB, goalKB } of PAGE_BUDGETS) {
    it(`keeps ${page}'s JavaScript within ${budgetKB} KB gzipped`, () => {
      const scripts = pageScripts(readClientManifest(CLIENT_BUILD), routeId);
      const gzipBytes = gzipSizeOf(CLIENT_BUILD, scripts);
      const kb = gzipBytes / KB;
      console.info(
        `${page} (${routeId}): ${scripts.length} scripts, ${kb.toFixed(1)} KB gzipped (budget ${budgetKB} KB, goal ${goalKB} KB)`,
      );
      expect(kb, `${page}: ${gzipBytes} bytes gzipped`).toBeLessThanOrEqual(budgetKB);
    });
  }
});
