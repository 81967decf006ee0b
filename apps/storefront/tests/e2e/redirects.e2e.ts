import { ListRedirectsResponseSchema } from "@quire/contracts";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";

const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();

// Old URLs from the seed's redirect list, answered with HTTP 301 to the new URL.
const OLD_URLS = ["/shop/gifts-for-her", "/books/bestsellers"];

async function newUrlFor(oldUrl: string): Promise<string> {
  const { data } = await getFromApi("/redirects", ListRedirectsResponseSchema);
  const entry = data.results.find((redirect) => redirect.oldUrl === oldUrl);
  expect(entry, `${oldUrl} in the API's redirect list`).toBeDefined();
  return entry!.newUrl;
}

describe.each(OLD_URLS)("the old URL %s", (oldUrl) => {
  it("answers HTTP 301 with the new URL in Location", async () => {
    const newUrl = await newUrlFor(oldUrl);
    const response = await fetch(`${storefrontUrl}${oldUrl}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location") ?? "", storefrontUrl).pathname).toBe(newUrl);
  });

  it("matches whatever the case and a trailing slash", async () => {
    const newUrl = await newUrlFor(oldUrl);
    const response = await fetch(`${storefrontUrl}${oldUrl.toUpperCase()}/`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location") ?? "", storefrontUrl).pathname).toBe(newUrl);
  });

  it("takes a browser to the new page", async () => {
    const { page } = browser;
    const newUrl = await newUrlFor(oldUrl);
    const response = await page.goto(`${storefrontUrl}${oldUrl}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(newUrl);
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
