import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { sqlRows } from "../../db/sql-rows";
import { eventually } from "../../testing/eventually";
import { createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { EVENT_CHANNEL } from "../jobs/event-feed.repository";
import { updateStoreSettings } from "./stores-admin.service";
import { stores } from "./stores.tables";

const api = useTestApi(async (db) => {
  const store = await createStore(db, { minimumOrderPrices: { GBP: 500 } });
  const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
  const packer = await createSignedInStaff(db, { storeId: store.id, email: "packer@staff.example", role: "fulfilment" });
  return { store, manager, packer };
});

const as = (token: string, method: "GET" | "PUT", payload?: object) =>
  api.app.inject({
    method,
    url: "/admin/settings",
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const change = (payload: object) => as(api.seeded.manager.token, "PUT", payload);
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
const shopSettings = async () => (await api.app.inject({ method: "GET", url: "/store-settings", headers: TEST_HEADERS })).json().data;

describe("the merchant's settings", () => {
  it("change what the shop sells and shows, as the storefront reads it", async () => {
    const before = (await as(api.seeded.manager.token, "GET")).json().data;
    expect(before).toMatchObject({
      currencyCodes: ["GBP", "EUR", "USD"],
      minimumOrderPrices: [{ currencyCode: "GBP", amount: 500 }],
      contactEmail: null,
    });

    const changed = await change({
      minimumOrderPrices: [
        { currencyCode: "GBP", amount: 1000 },
        { currencyCode: "EUR", amount: 1200 },
      ],
      anonymousCustomerProductPolicy: "HiddenPricesForUnauthorized",
      checkoutTermsAndConditionsText: "Our terms.\nIn two lines.",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await shopSettings()).toMatchObject({
      minimumOrderPrices: [
        { currencyCode: "EUR", amount: 1200 },
        { currencyCode: "GBP", amount: 1000 },
      ],
      anonymousCustomerProductPolicy: "HiddenPricesForUnauthorized",
      checkoutTermsAndConditionsText: "Our terms.\nIn two lines.",
    });
  });

  it("keeps the contact address and the bank details the proforma invoice prints, and audits what changed", async () => {
    const changed = await change({
      contactEmail: " Shop@Books.Example ",
      bankTransferDetails: { accountName: "Books Ltd", bankName: "Bank", iban: "gb33 bukb 2020 1555 5555 55", bic: "bukbgb22" },
    });
    expect(changed.json().data).toMatchObject({
      contactEmail: "shop@books.example",
      bankTransferDetails: { iban: "GB33BUKB20201555555555", bic: "BUKBGB22" },
    });
    const entries = await api.database.db.select().from(auditLog).where(eq(auditLog.operation, "updateAdminStoreSettings"));
    expect(entries.at(-1)?.changes).toMatchObject({ contactEmail: { before: null, after: "shop@books.example" } });
    expect((await change({ bankTransferDetails: null })).json().data.bankTransferDetails).toBeNull();
  });

  it("refuses settings that contradict each other", async () => {
    const refused = async (payload: object) => {
      const answer = await change(payload);
      return [answer.statusCode, codeOf(answer)];
    };
    expect(await refused({ currencyCodes: ["EUR"] })).toEqual([400, "settings_inconsistent"]);
    expect(await refused({ defaultCountryCode: "JP" })).toEqual([400, "settings_inconsistent"]);
    expect(await refused({ minimumOrderPrices: [{ currencyCode: "JPY", amount: 100 }] })).toEqual([400, "settings_inconsistent"]);
    expect((await refused({ currencyCodes: ["GBP", "GBP"] }))[0]).toBe(400);
    expect((await refused({}))[0]).toBe(400);
    expect((await refused({ bankTransferDetails: { accountName: "A", bankName: "B", iban: "not an iban", bic: "X" } }))[0]).toBe(400);
    // Selling in fewer currencies works once the defaults and minimums fit.
    const narrowed = await change({ currencyCodes: ["GBP"], minimumOrderPrices: [] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await shopSettings()).currencyCodes).toEqual(["GBP"]);
  });

  it("is the settings permission's", async () => {
    const answer = await as(api.seeded.packer.token, "PUT", { name: "Packed" });
    expect([answer.statusCode, codeOf(answer)]).toEqual([403, "permission_denied"]);
  });
});

const onServer = inject("testDatabaseTemplate").kind === "postgres";

describe("a process that keeps the store's settings for a minute", () => {
  const cached = useTestApi(
    async (db) => {
      const store = await createStore(db);
      const manager = await createSignedInStaff(db, { storeId: store.id, email: "owner@staff.example", role: "owner" });
      return { store, manager };
    },
    { storeCacheTtlMs: 60_000, followStoreSettings: true },
  );

  it("drops its copy when another process changes the settings, told by the change feed", async () => {
    const read = async () => (await cached.app.inject({ method: "GET", url: "/store-settings", headers: TEST_HEADERS })).json().data;
    expect((await read()).name).not.toBe("Told Books");
    // Another process's change: written to the database, not through this app, which only hears of it.
    await cached.database.db.transaction((tx) => updateStoreSettings(tx, cached.seeded.store.id, { name: "Told Books" }));
    await eventually("the other process's change is read", async () => (await read()).name === "Told Books");
  });

  it.runIf(onServer)("reads the settings afresh when its listening connection is lost, and listens again", async () => {
    const read = async () => (await cached.app.inject({ method: "GET", url: "/store-settings", headers: TEST_HEADERS })).json().data;
    expect((await read()).name).not.toBe("Unheard Books");
    // A change no notice tells of (written around the settings' service): the process's copy stays as it was.
    await cached.database.db.update(stores).set({ name: "Unheard Books" }).where(eq(stores.id, cached.seeded.store.id));
    expect((await read()).name).not.toBe("Unheard Books");
    // The listening connection breaks: whatever was said meanwhile is lost, so every copy is dropped.
    const ended = await sqlRows<{ pid: number }>(
      cached.database.db,
      sql`select pg_terminate_backend(pid), pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query = ${`listen ${EVENT_CHANNEL}`}`,
    );
    expect(ended.length).toBeGreaterThan(0);
    await eventually("the copy is dropped when the connection is lost", async () => (await read()).name === "Unheard Books");
    // It listens again: the next change is told, not waited out.
    await eventually("it listens again", async () => {
      const rows = await sqlRows<{ count: number }>(
        cached.database.db,
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and query = ${`listen ${EVENT_CHANNEL}`}`,
      );
      return rows[0]!.count > 0;
    });
    await cached.database.db.transaction((tx) => updateStoreSettings(tx, cached.seeded.store.id, { name: "Heard Again Books" }));
    await eventually("the change after the return is read", async () => (await read()).name === "Heard Again Books");
  });

  it("reads a change it made itself at once; other processes within their copy's minute", async () => {
    const read = async () => (await cached.app.inject({ method: "GET", url: "/store-settings", headers: TEST_HEADERS })).json().data;
    expect((await read()).name).not.toBe("Renamed Books");
    const changed = await cached.app.inject({
      method: "PUT",
      url: "/admin/settings",
      headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${cached.seeded.manager.token}` },
      payload: { name: "Renamed Books" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read()).name).toBe("Renamed Books");
  });
});
