import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest, waitForHydration } from "./browser";
import { startEditorStandIn, type EditorStandIn } from "./editor-stand-in";
import { sharedApiWithStorefront, type Stack } from "./stack";

/*
 * The editor preview frame (issue 12 section 4): with EDITOR_PREVIEW_ORIGIN set, that origin and
 * no other may frame the shop, and inside its frame clicks, keyboard activation and form submits are blocked
 * except in the editor controls area ([data-editor-controls]). Outside a frame nothing changes. A storefront of its
 * own (the setting is the storefront's) on the shared API, and a local stand-in for the editor's page.
 */

let editor: EditorStandIn;
let stack: Stack;
beforeAll(async () => {
  editor = await startEditorStandIn();
  stack = await sharedApiWithStorefront({ name: "editor-preview", storefrontEnv: { EDITOR_PREVIEW_ORIGIN: editor.origin } });
});
afterAll(async () => {
  await stack?.stop();
  await editor?.close();
});

/** Opens the editor's page framing the shop's `path`, and waits until the shop inside has switched its clicks off. */
async function openInEditor(page: Page, path: string): Promise<Frame> {
  await page.goto(editor.framePage(`${stack.storefrontUrl}${path}`));
  const frame = await (await page.locator("iframe").elementHandle())!.contentFrame();
  await frame!.waitForFunction(() => document.documentElement.hasAttribute("data-editor-preview"));
  return frame!;
}

/** Where the shop's router is and whether it has begun to go anywhere: a link's click starts its navigation at once. */
const routerState = (frame: Frame) =>
  frame.evaluate(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { state: { location: { pathname: string }; navigation: { state: string } } } }
    ).__reactRouterDataRouter;
    return { pathname: router.state.location.pathname, navigation: router.state.navigation.state };
  });

describe("the editor preview frame", () => {
  const browser = sessionPerTest();

  it("is allowed to the configured origin only, with no X-Frame-Options", async () => {
    const response = await fetch(`${stack.storefrontUrl}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp.split(";").map((directive) => directive.trim())).toContain(`frame-ancestors ${editor.origin}`);
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  it("blocks clicks, keyboard activation and submits outside the editor controls area", async () => {
    const { page } = browser;
    const frame = await openInEditor(page, "/store");
    expect(await frame.getByRole("dialog", { name: "Cookies on this shop" }).count(), "no cookie banner in a frame").toBe(0);
    const idle = { pathname: "/store", navigation: "idle" };

    const productLink = frame.getByRole("main").getByRole("heading").getByRole("link").first();
    await productLink.click();
    expect(await routerState(frame), "a click on a product link goes nowhere").toEqual(idle);

    await productLink.focus();
    await page.keyboard.press("Enter");
    expect(await routerState(frame), "nor does Enter on it").toEqual(idle);

    const search = frame.getByRole("search").first().getByRole("combobox");
    await search.fill("garden");
    await search.press("Enter");
    expect(await routerState(frame), "nor does a search submitted with Enter").toEqual(idle);
    expect(frame.url()).toBe(`${stack.storefrontUrl}/store`);
    expectNoPageProblems(browser);
  });

  it("lets clicks through inside the editor controls area", async () => {
    const { page } = browser;
    const frame = await openInEditor(page, "/store");
    // What an editing tool would place in the page: its own controls, marked as the controls area.
    await frame.evaluate(() => {
      const area = document.createElement("div");
      area.setAttribute("data-editor-controls", "");
      area.innerHTML = '<button type="button">Edit block</button> <a href="/cookies-settings">Open cookie settings</a>';
      area.querySelector("button")!.addEventListener("click", (event) => {
        (event.currentTarget as HTMLElement).dataset.clicked = "yes";
      });
      document.body.prepend(area);
    });
    await frame.getByRole("button", { name: "Edit block" }).click();
    expect(await frame.getByRole("button", { name: "Edit block" }).getAttribute("data-clicked")).toBe("yes");
    await frame.getByRole("link", { name: "Open cookie settings" }).click();
    await frame.waitForURL(`${stack.storefrontUrl}/cookies-settings`);
    await frame.getByRole("heading", { level: 1, name: "Cookie settings" }).waitFor();
  });

  it("changes nothing outside a frame", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-editor-preview"))).toBe(false);
    await expectNoSeriousA11yViolations(page);
    const productLink = page.getByRole("main").getByRole("heading").getByRole("link").first();
    const href = await productLink.getAttribute("href");
    await productLink.click();
    await page.waitForURL(`${stack.storefrontUrl}${href}`);
    expectNoPageProblems(browser);
  });
});
