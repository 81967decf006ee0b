import { ListProductsResponseSchema, ProductDetailResponseSchema, type ProductDetail } from "@quire/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { expectNoPageProblems, openBrowser, waitForHydration, type BrowserSession } from "../../apps/storefront/tests/e2e/browser";
import { basketLink, expectToast, isWellStocked, masterOf } from "../../apps/storefront/tests/e2e/cart-catalogue";
import {
  currentStep,
  giveCustomerInfo,
  giveDelivery,
  LONDON,
  newBuyer,
  openCheckout,
  orderIdOfPage,
  placeOrderButton,
  type JourneyOptions,
} from "../../apps/storefront/tests/e2e/checkout-journeys";
import { DEMO_API_KEY, DEMO_STORE_KEY } from "../../apps/storefront/tests/e2e/stack";
import { eventually } from "../../apps/api/src/testing/eventually";
import type { RoutedRequest } from "./haproxy";
import { startTopology, type Service, type Topology } from "./topology";

/**
 * Issue 13's topology test: a shopper goes from browsing to a paid order through HAProxy while a storefront,
 * an API and the jobs worker are each killed (SIGKILL) at a point of the journey and started again. Nothing
 * a process keeps in memory may matter: the basket, the checkout and the payment live in PostgreSQL, so
 * whichever process answers next carries on, and the order's confirmation is a job that waits in the queue
 * for a worker. Run with `npm run test:topology` (which builds first).
 */
let topology: Topology;
let browser: BrowserSession;
beforeAll(async () => {
  topology = await startTopology();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await topology?.stop();
});

/** A book the demo shop has well in stock at £25 or more (over the minimum order alone), read through the balancer. */
async function findBook(): Promise<ProductDetail> {
  const get = async (pathAndQuery: string) => {
    const response = await fetch(`${topology.apiUrl}${pathAndQuery}`, { headers: { "API-Key": DEMO_API_KEY, StoreKey: DEMO_STORE_KEY } });
    expect(response.status, `GET ${pathAndQuery}`).toBe(200);
    return response.json();
  };
  const list = ListProductsResponseSchema.parse(await get("/products?Sort=name-asc&MinPrice=2500&PageSize=50"));
  for (const summary of list.data.results) {
    const { data: product } = ProductDetailResponseSchema.parse(await get(`/products/slug=${summary.slug}`));
    if (isWellStocked(masterOf(product)) && masterOf(product).tierPrices.length === 0) return product;
  }
  throw new Error("The demo shop has no well-stocked book at £25 or more");
}

/**
 * Kills `service`, runs `step` (the journey's next step, through the balancer), waits for HAProxy to mark the
 * service down, starts it again and waits for HAProxy to mark it up. Answers the requests HAProxy accepted from
 * the kill until the restart: those made while the process was dead. (A stream opened before the kill, such as a
 * storefront's GET /cache/invalidations, is logged when the kill ends it: it is not one of them.)
 */
async function killedDuring(backend: string, service: Service, step: () => Promise<void>): Promise<RoutedRequest[]> {
  const { balancer } = topology;
  const from = balancer.lines.length;
  const killedAt = Date.now();
  await service.kill();
  await step();
  await balancer.waitForServer(backend, service.name, "DOWN", from);
  const whileDead = balancer.requestsSince(from).filter((request) => request.acceptedAt >= killedAt);
  const restartFrom = balancer.lines.length;
  await service.start();
  await balancer.waitForServer(backend, service.name, "UP", restartFrom);
  return whileDead;
}

/** Every request HAProxy passed on while `dead` was down went elsewhere, and was answered. */
function expectRoutedAround(requests: RoutedRequest[], backend: string, dead: string) {
  const ofBackend = requests.filter((request) => request.backend === backend);
  expect(ofBackend.length, `requests to ${backend} while ${dead} was dead`).toBeGreaterThan(0);
  expect(ofBackend.filter((request) => request.server === dead)).toEqual([]);
  expect(ofBackend.filter((request) => request.status >= 500 || request.status < 100)).toEqual([]);
}

it("takes a shopper from browsing to one paid order while a storefront, an API and the worker are killed and restarted", async () => {
  const { page } = browser;
  const journey: JourneyOptions = { javaScript: true, storefrontUrl: topology.storefrontUrl };
  const [web1] = topology.storefronts;
  const [api1] = topology.apis;
  const journeyFrom = topology.balancer.lines.length;
  const book = await findBook();
  const buyer = newBuyer("topology");

  // The replica stops applying the primary's changes: for the whole journey it is as far behind as a replica
  // can be. The merchant then renames the book on the primary. Catalogue pages may show the old name (they
  // read the replica, DATABASE_READ_URL); the basket, the checkout, the order and its payment must not notice,
  // since every write and every read after one goes to the primary (decision 039).
  await topology.replica.pauseReplay();
  const renamed = `${book.name} (new edition)`;
  await topology.query("update products set name = $1 where id = $2", [renamed, book.id]);

  // Browsing: the home page, a category, the book's page, each through the balancer.
  await page.goto(`${topology.storefrontUrl}/`);
  await basketLink(page, 0).waitFor();
  await page.goto(`${topology.storefrontUrl}/store/gift-books-for-her`);
  await page.getByRole("heading", { name: /^\d+ results$/ }).waitFor();
  // Once shown, the page records the view in the background: the kill below waits for it, so no request is
  // in flight to the storefront it kills (a POST cut off mid-way is not repeated, by design).
  const viewRecorded = page.waitForResponse((response) => new URL(response.url()).pathname === "/recently-viewed");
  await page.goto(`${topology.storefrontUrl}/store/product/${book.slug}`);
  await waitForHydration(page);
  await viewRecorded;
  await page.getByRole("heading", { level: 1, name: book.name, exact: true }).waitFor();
  const purchase = page.getByRole("region", { name: `Buy ${book.name}` });

  // A storefront dies while the shopper reads: adding to the basket is answered by the other one.
  const whileStorefrontDead = await killedDuring("storefronts", web1!, async () => {
    await purchase.getByRole("button", { name: "Add to basket" }).click();
    await expectToast(page, "Product has been successfully added to the cart");
    await basketLink(page, 1).waitFor();
    await openCheckout(page, "/checkout", journey);
  });
  expectRoutedAround(whileStorefrontDead, "storefronts", web1!.name);

  // An API dies between two checkout steps: the basket and the checkout are in PostgreSQL, so the other API
  // carries on where the first left off.
  await giveCustomerInfo(page, buyer, journey);
  const whileApiDead = await killedDuring("apis", api1!, async () => {
    await giveDelivery(page, LONDON, "Standard delivery", journey);
    await expect.poll(() => currentStep(page), { timeout: 15_000 }).toBe("Payment method");
  });
  expectRoutedAround(whileApiDead, "apis", api1!.name);

  // The worker dies before the payment: the order is paid (the gateway's webhook reaches an API through the
  // balancer), and its confirmation waits in the queue until a worker runs again.
  await topology.worker.kill();
  await page.getByRole("radio", { name: /^Credit or debit card Visa/ }).check();
  await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
  const sandboxPort = String(topology.paymentSandbox.port);
  await placeOrderButton(page).click();
  await page.waitForURL((url) => url.port === sandboxPort);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL((url) => /^\/successful-order\/\d+$/.test(url.pathname) && url.origin === topology.storefrontUrl);
  await expectToast(page, "Thank you: your payment has been received");
  const orderId = orderIdOfPage(page);

  const orders = await topology.query<{ id: number; status: string; public_id: string; confirmation_mailed_at: Date | null }>(
    "select id, status, public_id, confirmation_mailed_at from orders where email = $1",
    [buyer.email],
  );
  expect(orders.map(({ id, status }) => ({ id, status }))).toEqual([{ id: orderId, status: "confirmed" }]);
  const payments = await topology.query<{ status: string }>("select status from payments where order_id = $1", [orderId]);
  expect(payments.filter((payment) => payment.status === "captured")).toHaveLength(1);
  // No worker runs (the APIs have JOBS_WORKER=off): nothing has been mailed yet.
  expect(orders[0]!.confirmation_mailed_at).toBeNull();
  expect(topology.mailbox.messages.filter((mail) => mail.to.includes(buyer.email))).toEqual([]);

  await topology.worker.start();
  const confirmation = await topology.mailbox.waitForMail(buyer.email, { timeoutMs: 30_000 });
  expect(confirmation.subject).toBe(`Your Quire Books order ${orders[0]!.public_id} is confirmed`);
  // The worker records a message sent once the mail server has taken it, so the mail can arrive a moment before
  // that record: wait for the record (each read waits on the database's answer), then count.
  const mailedOf = async () =>
    (
      await topology.query<{ confirmation_mailed_at: Date | null; sent: string }>(
        `select o.confirmation_mailed_at,
           (select count(*) from outbox_messages m where m.recipient = o.email and m.sent_at is not null) as sent
         from orders o where o.id = $1`,
        [orderId],
      )
    )[0];
  await eventually("the worker records the confirmation sent", async () => Number((await mailedOf())?.sent ?? 0) > 0, undefined, 30_000);
  const mailed = await mailedOf();
  expect(mailed!.confirmation_mailed_at).not.toBeNull();
  expect(Number(mailed!.sent)).toBe(1);

  // The replica, paused all along, has never heard of the order: every read of it came from the primary. The
  // order was made from the primary's catalogue; once the replica replays again, so is the product page.
  expect(await topology.queryReplica("select id from orders where email = $1", [buyer.email])).toEqual([]);
  expect(confirmation.text).toContain(renamed);
  await topology.replica.resumeReplay();
  await topology.replica.caughtUp();
  await page.goto(`${topology.storefrontUrl}/store/product/${book.slug}`);
  await page.getByRole("heading", { level: 1, name: renamed, exact: true }).waitFor();

  // Over the whole journey, the balancer answered every request from a live process.
  const failed = topology.balancer.requestsSince(journeyFrom).filter((request) => request.status >= 500 || request.status < 100);
  expect(failed).toEqual([]);
  expectNoPageProblems(browser);
});
