import { randomUUID } from "node:crypto";
import type { AdminDeliveryZone, AdminStoreSettingsSchema, AdminTaxSettings } from "@quire/contracts";
import type { z } from "zod";

type AdminStoreSettings = z.infer<typeof AdminStoreSettingsSchema>;
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs } from "./back-office";

/*
 * The shop's settings in the back office, in Chromium against the shared stack. What the journeys change is their
 * own and harmless to other files: tax rates and a delivery zone for a country the shop does not serve (removed
 * again), and a refused change of the shop's details (nothing saved). With JavaScript and without.
 */
const stack = backOfficeStack();

/** Countries the demo shop does not serve, for a journey's own tax rates and delivery zone. */
const CANDIDATE_COUNTRIES = [
  "IS",
  "LI",
  "MC",
  "SM",
  "AD",
  "MT",
  "CY",
  "LU",
  "EE",
  "LV",
  "LT",
  "SI",
  "SK",
  "HR",
  "RO",
  "BG",
  "GR",
  "FI",
  "NO",
  "CH",
  "NZ",
  "JP",
  "KR",
  "SG",
];

/** A country no setting of the shop names: not served, no tax rates, in no delivery zone. */
async function unusedCountry(): Promise<string> {
  const [{ data: settings }, { data: tax }, { data: delivery }] = await Promise.all([
    asShop<{ data: AdminStoreSettings }>(stack, "GET", "/admin/settings"),
    asShop<{ data: AdminTaxSettings }>(stack, "GET", "/admin/tax-rates"),
    asShop<{ data: { deliveryZones: AdminDeliveryZone[] } }>(stack, "GET", "/admin/delivery-zones"),
  ]);
  const used = new Set([
    ...settings.countryCodes,
    ...tax.countries.map((country) => country.countryCode),
    ...delivery.deliveryZones.flatMap((zone) => zone.countryCodes),
  ]);
  const free = CANDIDATE_COUNTRIES.filter((code) => !used.has(code));
  if (free.length === 0) throw new Error("No unused country left for the settings journey");
  return free[Math.floor(Math.random() * free.length)]!;
}

async function expectMessage(page: Page, message: string) {
  await expect.poll(() => page.getByRole("status").innerText()).toContain(message);
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the shop's settings (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("sets and removes a country's tax rates, makes and deletes a delivery zone with an option, and is refused an inconsistent default currency", async () => {
      const { page } = browser;
      const country = await unusedCountry();
      await joinAs(page, stack, "manager");
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Settings" }).click();
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-settings");
      }

      // Tax: a refused rate beside its field, then rates, then none.
      await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Tax" }).click();
      await page.getByRole("heading", { level: 1, name: "Tax" }).waitFor();
      const add = page.getByRole("region", { name: "Add a country's rates" });
      await add.getByLabel("Country code").fill(country);
      await add.getByLabel("Books (%)").fill("0");
      await add.getByLabel("Standard (%)").fill("150");
      await add.getByRole("button", { name: "Add rates" }).click();
      await page.getByRole("alert").waitFor();
      await expect.poll(() => add.getByText("At most 100").count()).toBeGreaterThan(0);
      await add.getByLabel("Standard (%)").fill("21.5");
      await add.getByRole("button", { name: "Add rates" }).click();
      await expectMessage(page, `Tax rates for ${country} saved`);
      const taxNow = async () =>
        (await asShop<{ data: AdminTaxSettings }>(stack, "GET", "/admin/tax-rates")).data.countries.find(
          (entry) => entry.countryCode === country,
        );
      expect((await taxNow())?.ratePercent).toEqual({ books: 0, standard: 21.5 });
      await page.getByLabel(`Standard in ${country} (%)`).fill("20");
      await page.getByRole("button", { name: `Save ${country}` }).click();
      await expectMessage(page, `Tax rates for ${country} saved: books 0%, everything else 20%.`);
      expect((await taxNow())?.ratePercent).toEqual({ books: 0, standard: 20 });
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-settings-tax");
      }
      await page.getByRole("link", { name: `Remove ${country}…` }).click();
      await page.getByRole("button", { name: `Yes, remove the rates of ${country}` }).click();
      await expectMessage(page, `Tax rates for ${country} removed`);
      expect(await taxNow()).toBeUndefined();

      // Delivery: a zone of its own, an option priced in the shop's currency, then the zone deleted after a confirmation.
      const zoneName = `Zone ${randomUUID().slice(0, 6)}`;
      await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Delivery" }).click();
      const newZone = page.getByRole("region", { name: "Add a delivery zone" });
      await newZone.getByLabel("Zone name").fill(zoneName);
      await newZone.getByLabel("Countries").fill(country.toLowerCase());
      await newZone.getByRole("button", { name: "Add the zone" }).click();
      await expectMessage(page, `Delivery zone ${zoneName} created`);
      await page.getByRole("heading", { level: 1, name: `Delivery zone ${zoneName}` }).waitFor();
      const zoneId = Number(new URL(page.url()).pathname.split("/").pop());
      const zoneNow = async () =>
        (await asShop<{ data: { deliveryZones: AdminDeliveryZone[] } }>(stack, "GET", "/admin/delivery-zones")).data.deliveryZones.find(
          (zone) => zone.id === zoneId,
        );
      expect((await zoneNow())?.countryCodes).toEqual([country]);

      const option = page.getByRole("region", { name: "Add a delivery option" });
      await option.getByLabel("Name").fill("Island post");
      await option.getByLabel("Most working days").fill("0");
      await option.getByLabel("Price in GBP").fill("4.5");
      await option.getByRole("button", { name: "Add the option" }).click();
      await page.getByRole("alert").waitFor();
      await expect.poll(() => option.getByText("The most days must not be below the fewest").count()).toBeGreaterThan(0);
      await option.getByLabel("Most working days").fill("6");
      await option.getByRole("button", { name: "Add the option" }).click();
      await expectMessage(page, "Delivery option Island post added.");
      const [made] = (await zoneNow())!.options;
      expect(made).toMatchObject({ name: "Island post", kind: "standard", minDays: 1, maxDays: 6 });
      expect(made!.prices).toContainEqual({ currencyCode: "GBP", amount: 450, freeOverAmount: null });

      const saved = page.getByRole("region", { name: "Option Island post" });
      await saved.getByLabel("Free over, in GBP (optional)").fill("60");
      await saved.getByRole("button", { name: "Save Island post" }).click();
      await expectMessage(page, "Delivery option Island post saved.");
      expect((await zoneNow())!.options[0]!.prices).toContainEqual({ currencyCode: "GBP", amount: 450, freeOverAmount: 6000 });
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-settings-delivery-zone", { fullPage: true });
      }

      await page.getByRole("link", { name: "Delete this zone…" }).click();
      await page.getByRole("button", { name: `Yes, delete ${zoneName}` }).click();
      await expectMessage(page, "The delivery zone is deleted.");
      expect(await zoneNow()).toBeUndefined();

      // The shop's details: a default currency the shop does not sell in is refused beside its field; nothing changes.
      const before = (await asShop<{ data: AdminStoreSettings }>(stack, "GET", "/admin/settings")).data;
      await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Shop details" }).click();
      await page.getByRole("heading", { level: 1, name: "Shop details" }).waitFor();
      expect(await page.getByLabel("Shop name").inputValue()).toBe(before.name);
      await page.getByLabel("Default currency").fill("JPY");
      await page.getByRole("button", { name: "Save the shop's details" }).click();
      await page.getByRole("alert").waitFor();
      await expect.poll(() => page.locator("#defaultCurrencyCode-error").innerText()).toContain("must be one the store sells in");
      expect(await page.getByLabel("Default currency").inputValue()).toBe("JPY");
      expect((await asShop<{ data: AdminStoreSettings }>(stack, "GET", "/admin/settings")).data).toEqual(before);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-settings-shop", { fullPage: true });
        expectNoPageProblems(browser);
      }
    });
  });
}

describe("payment providers and failed jobs", () => {
  const browser = sessionPerTest();

  it("lists the payment providers and the failed jobs, which the home page links to", async () => {
    const { page } = browser;
    await joinAs(page, stack, "owner");
    const failed = page.getByRole("link", { name: "failed background jobs (7 days)" });
    expect(await failed.getAttribute("href")).toBe("/settings/jobs");
    await failed.click();
    await page.getByRole("heading", { level: 1, name: "Failed jobs" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Payments" }).click();
    await page.getByRole("heading", { level: 1, name: "Payment providers" }).waitFor();
    await page.getByRole("rowheader").first().waitFor();
    // A provider's switch names it; no secret of a gateway is on the page.
    expect(await page.getByRole("button", { name: /^Turn (on|off) / }).count()).toBeGreaterThan(0);
    expect(await page.content()).not.toMatch(/sk_(test|live)_|whsec_/);
    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "back-office-settings-payments");
  });

  it("refuses the settings to a role without them", async () => {
    const { page } = browser;
    await joinAs(page, stack, "fulfilment");
    expect(await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Settings" }).count()).toBe(0);
    for (const path of ["/settings", "/settings/tax", "/settings/jobs"]) {
      const response = await page.goto(`${stack.backOfficeUrl}${path}`);
      expect(response?.status(), path).toBe(403);
      await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
    }
  });
});
