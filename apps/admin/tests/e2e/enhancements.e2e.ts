import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest, waitForHydration } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";
import { solidPng } from "../../../storefront/tests/e2e/pictures";
import { createOwnProduct } from "./stock-products";

/*
 * What JavaScript adds to the back office, in Chromium against the shared stack: a file dropped on an upload form, a
 * field's problem said as the person leaves it, and keyboard shortcuts (only to the member's sections, and able to be
 * turned off). None of it is needed: the other journeys do every task with JavaScript off, through the same forms.
 */
const stack = backOfficeStack();

/** Drops `file` on `zone` as a desktop's drag would: the drag passes over it, then lets go. */
async function dropFile(page: Page, zone: Locator, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString("base64") },
  );
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}

const chosenFileName = (input: Locator) => input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name ?? null);

/** Waits until the page is at `path` of the back office. */
const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

/**
 * Where the page's router is and whether it is going anywhere: read right after a key press (whose handlers have run
 * when the press returns), it shows that a key started nothing, which waiting could not.
 */
const routerNow = (page: Page) =>
  page.evaluate(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { state: { location: { pathname: string }; navigation: { state: string } } } }
    ).__reactRouterDataRouter;
    return `${router.state.location.pathname} ${router.state.navigation.state}`;
  });

describe("the back office with JavaScript", () => {
  const browser = sessionPerTest();

  it("takes a picture dropped on the upload form, and refuses a file that is not one beside the form", async () => {
    const { page } = browser;
    await joinAs(page, stack, "manager");
    const product = await createOwnProduct(stack, "drop");
    await page.goto(`${stack.backOfficeUrl}/products/${product.id}`);
    await waitForHydration(page);
    const pictures = page.getByRole("region", { name: "Pictures" });
    const zone = pictures.locator('[data-file-drop="upload-file"]');
    const input = pictures.getByLabel("Picture file");
    await zone.getByText("Or drop a picture file here.").waitFor();

    await dropFile(page, zone, { name: "notes.txt", type: "text/plain", bytes: Buffer.from("Not a picture.") });
    await expect.poll(() => zone.getByRole("alert").innerText()).toBe("notes.txt is not a picture file.");
    expect(await chosenFileName(input)).toBeNull();

    await dropFile(page, zone, { name: "dropped-cover.png", type: "image/png", bytes: solidPng(120, 180, [120, 40, 60]) });
    await expect.poll(() => chosenFileName(input)).toBe("dropped-cover.png");
    expect(await zone.getByRole("alert").count(), "the refusal goes once a picture is taken").toBe(0);
    await pictures.getByRole("textbox", { name: "What the picture shows", exact: true }).fill("A dropped cover, deep red");
    await pictures.getByRole("button", { name: "Upload picture" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toContain("Picture uploaded.");
    const images = await asShop<{ data: { images: { image: { alt: string } }[] } }>(stack, "GET", `/admin/products/${product.id}/images`);
    expect(images.data.images.map(({ image }) => image.alt)).toEqual(["A dropped cover, deep red"]);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("says a field's problem as the person leaves it, not before they type, and takes it back once it is right", async () => {
    const { page } = browser;
    await joinAs(page, stack, "manager");
    await page.goto(`${stack.backOfficeUrl}/products/new`);
    await waitForHydration(page);
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    const problem = page.locator(`#${await name.getAttribute("id")}-error`);

    // Passing through a field says nothing: the person has not answered it yet.
    await name.focus();
    await page.keyboard.press("Tab");
    expect(await name.getAttribute("aria-invalid")).toBeNull();

    await name.fill("The Ledger");
    await name.fill("");
    await name.blur();
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    expect(await problem.innerText()).toBe("Please fill out this field.");
    expect((await name.getAttribute("aria-describedby"))?.split(" ")).toContain(await problem.getAttribute("id"));
    await screenshotForReview(page, "back-office-inline-validation");
    await expectNoSeriousA11yViolations(page);

    // Typing an answer takes the problem back at once, before the field is left.
    await name.pressSequentially("T");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBeNull();
    expect(await problem.count()).toBe(0);
    expectNoPageProblems(browser);
  });

  it("goes to a member's sections with g and a letter, searches with /, lists the keys with ?, and can be turned off", async () => {
    const { page } = browser;
    await joinAs(page, stack, "fulfilment");
    await waitForHydration(page);

    await page.keyboard.press("g");
    await page.keyboard.press("o");
    await at(page, "/orders");
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    await page.keyboard.press("/");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
    // Keys typed in a field are the field's.
    await page.keyboard.type("go");
    expect(await routerNow(page)).toBe("/orders idle");
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());

    await page.keyboard.press("?");
    const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await list.waitFor();
    const rows = await list.getByRole("row").allInnerTexts();
    expect(rows).toContain("g o\tGo to Orders");
    expect(
      rows.some((row) => row.includes("Products")),
      "fulfilment has no Products section",
    ).toBe(false);
    await screenshotForReview(page, "back-office-shortcuts");
    await expectNoSeriousA11yViolations(page);

    // Turned off, the letters are only letters (kept in this browser, across pages).
    await list.getByRole("checkbox", { name: "Use these shortcuts in this browser" }).uncheck();
    await list.getByRole("button", { name: "Close" }).click();
    await list.waitFor({ state: "hidden" });
    await page.reload();
    await waitForHydration(page);
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    expect(await routerNow(page)).toBe("/orders idle");
    expect(await page.evaluate(() => window.localStorage.getItem("quire-back-office-shortcuts"))).toBe("off");

    // Turned on again from the button beside the member's name.
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await list.getByRole("checkbox", { name: "Use these shortcuts in this browser" }).check();
    await list.getByRole("button", { name: "Close" }).click();
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    await at(page, "/");
    expectNoPageProblems(browser);
  });

  it("keeps the shortcuts, and every page, in a browser that keeps nothing", async () => {
    const { page, context } = browser;
    // As a browser with site data turned off answers: reaching for the storage throws.
    await context.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The storage is turned off", "SecurityError");
        },
      });
    });
    await joinAs(page, stack, "fulfilment");
    await waitForHydration(page);
    await page.keyboard.press("g");
    await page.keyboard.press("o");
    await at(page, "/orders");
    await page.keyboard.press("?");
    const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await list.getByRole("checkbox", { name: "Use these shortcuts in this browser" }).uncheck();
    await list.getByRole("button", { name: "Close" }).click();
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    expect(await routerNow(page)).toBe("/orders idle");
    expectNoPageProblems(browser);
  });
});
