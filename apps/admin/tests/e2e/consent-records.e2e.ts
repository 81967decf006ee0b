import { CONSENT_RECORD_CSV_COLUMNS } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { DEMO_API_KEY, DEMO_STORE_KEY } from "../../../storefront/tests/e2e/stack";
import { backOfficeStack, joinAs } from "./back-office";

/*
 * The consent records' export in the back office (decision 060), in Chromium against the shared stack, without
 * JavaScript (its form is a plain one either way): a manager finds it from the customers, is told what is wrong
 * with a period that ends before it starts, and downloads a period's CSV, which holds a decision this journey made;
 * a fulfilment member is refused both.
 * The page's axe scan is every-page.e2e.ts's (axe runs as a script, which this browser does not).
 */
const stack = backOfficeStack();

/** The calendar day `offset` days from now by UTC's calendar (yesterday to tomorrow holds today in any time zone). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("the consent records' page (JavaScript off)", () => {
  const browser = sessionPerTest({ javaScriptEnabled: false });

  it("refuses a period that ends before it starts, and downloads a period's records as CSV", async () => {
    const { page } = browser;
    // A cookie decision of this journey's own browser, recorded as the storefront records one.
    const subject = `journey${randomUUID().replaceAll("-", "")}`;
    const recorded = await fetch(`${stack.apiUrl}/consents`, {
      method: "POST",
      headers: { "API-Key": DEMO_API_KEY, StoreKey: DEMO_STORE_KEY, "content-type": "application/json" },
      body: JSON.stringify({ subject, analytics: true, marketing: false, bannerVersion: 1, source: "banner" }),
    });
    expect(recorded.status).toBe(201);

    await joinAs(page, stack, "manager");
    await page.goto(`${stack.backOfficeUrl}/customers`);
    await page.getByRole("link", { name: "Consent records" }).click();
    await page.getByRole("heading", { level: 1, name: "Consent records" }).waitFor();

    await page.getByLabel("From").fill("2026-03-10");
    await page.getByLabel("To").fill("2026-03-01");
    await page.getByRole("button", { name: "Download the CSV" }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain("The end of the period comes before its start");
    expect(await page.getByLabel("To").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("From").inputValue(), "what was asked is kept").toBe("2026-03-10");

    await page.getByLabel("From").fill(day(-1));
    await page.getByLabel("To").fill(day(1));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`consent-records-${day(-1)}-to-${day(1)}.csv`);
    const lines = (await readFile((await download.path())!, "utf8")).trim().split("\n");
    expect(lines[0]).toBe(CONSENT_RECORD_CSV_COLUMNS.join(","));
    const ours = lines.filter((line) => line.split(",")[2] === subject);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.split(",").slice(1, 6)).toEqual(["cookies", subject, "banner", "true", "false"]);
  });

  it("is refused, with its download, to a member whose role does not see the customers", async () => {
    const { page } = browser;
    await joinAs(page, stack, "fulfilment");
    expect((await page.goto(`${stack.backOfficeUrl}/customers/consent-records`))?.status()).toBe(403);
    expect((await page.request.get(`${stack.backOfficeUrl}/customers/consent-records.csv?from=${day(-1)}&to=${day(1)}`)).status()).toBe(
      403,
    );
  });
});
