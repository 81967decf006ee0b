import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { TEST_PASSWORD } from "../../testing/identity-factories";
import { createSignedInStaff, createStaffMember } from "../../testing/staff-factories";
import { useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { staffMembers, staffSetUpLinks } from "./staff.tables";

// The shop's first owner (decision 046's amendment): a bootstrap key asks for a one-time link while the shop has no
// active owner; whoever opens it becomes the owner and is signed in, once.

const ADMIN_KEY = "staff-set-up-admin-key-000";
const BACK_OFFICE_URL = "https://office.shop.example";
const STORES = ["set-up-a", "set-up-b", "set-up-c", "set-up-d", "set-up-e"] as const;
const api = useTestApi(
  async (db) => {
    const stores: Record<string, { id: number }> = {};
    for (const key of STORES) stores[key] = await createStore(db, { key, name: `Shop ${key}` });
    return stores;
  },
  { adminApiKeys: [ADMIN_KEY], backOfficeUrl: BACK_OFFICE_URL },
);

const askLink = (store: string, credential: Record<string, string> = { "admin-key": ADMIN_KEY }) =>
  api.app.inject({ method: "POST", url: "/admin/auth/set-up-link", headers: { storekey: store, ...credential } });
const setUp = (store: string, body: object) =>
  api.app.inject({ method: "POST", url: "/admin/auth/set-up", headers: { storekey: store }, payload: body });
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
const tokenOf = (link: string) => new RegExp(`^${BACK_OFFICE_URL.replace(/\./g, "\\.")}/set-up/([A-Za-z0-9_-]{43})$`).exec(link)?.[1] ?? "";
const owner = (email: string) => ({ email, name: "First Owner", password: TEST_PASSWORD });

describe("the first owner's set-up link", () => {
  it("makes a link that makes the shop's owner, signed in, once; the shop then has an owner", async () => {
    const store = "set-up-a";
    const asked = await askLink(store);
    expect(asked.statusCode, asked.body).toBe(201);
    const { link, expiresAt } = asked.json().data;
    const token = tokenOf(link);
    expect(token).not.toBe("");
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // Only the token's hash is kept.
    const rows = await api.database.db.select().from(staffSetUpLinks).where(eq(staffSetUpLinks.storeId, api.seeded[store]!.id));
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);

    const made = await setUp(store, { token, ...owner("  First.Owner@Shop.Example ") });
    expect(made.statusCode, made.body).toBe(200);
    const session = made.json().data;
    expect(session).toMatchObject({ status: "signed_in", staff: { email: "first.owner@shop.example", role: "owner", active: true } });
    // The session works: the owner lists the staff.
    const listed = await api.app.inject({
      method: "GET",
      url: "/admin/staff",
      headers: { storekey: store, authorization: `Bearer ${session.token}` },
    });
    expect(listed.statusCode).toBe(200);
    // Used once; and now the shop has an owner, no other link is made.
    expect(codeOf(await setUp(store, { token, ...owner("second@shop.example") }))).toBe("staff_set_up_link_used");
    const again = await askLink(store);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe("shop_has_owner");
    // Audited: the link asked for by the key, the owner made by themself.
    const entries = await api.database.db
      .select({ operation: auditLog.operation, actorType: auditLog.actorType })
      .from(auditLog)
      .where(eq(auditLog.storeId, api.seeded[store]!.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { operation: "createStaffSetUpLink", actorType: "admin_key" },
        { operation: "completeStaffSetUp", actorType: "staff" },
      ]),
    );
  });

  it("refuses unknown, replaced and expired links, and a password that is the email", async () => {
    const store = "set-up-b";
    const first = tokenOf((await askLink(store)).json().data.link);
    const second = tokenOf((await askLink(store)).json().data.link);
    expect(codeOf(await setUp(store, { token: "x".repeat(43), ...owner("a@shop.example") }))).toBe("staff_set_up_link_invalid");
    expect((await setUp(store, { token: "x".repeat(43), ...owner("a@shop.example") })).statusCode).toBe(404);
    // A newer link voids the older one.
    const replaced = await setUp(store, { token: first, ...owner("a@shop.example") });
    expect([replaced.statusCode, codeOf(replaced)]).toEqual([410, "staff_set_up_link_expired"]);
    // Another store's link is not this store's.
    expect(codeOf(await setUp("set-up-c", { token: second, ...owner("a@shop.example") }))).toBe("staff_set_up_link_invalid");
    expect(codeOf(await setUp(store, { token: second, email: "same@shop.example", name: "Same", password: "same@shop.example" }))).toBe(
      "password_matches_email",
    );
    // Past its 72 hours.
    await api.database.db
      .update(staffSetUpLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSetUpLinks.storeId, api.seeded[store]!.id));
    const expired = await setUp(store, { token: second, ...owner("a@shop.example") });
    expect([expired.statusCode, codeOf(expired)]).toEqual([410, "staff_set_up_link_expired"]);
    expect(codeOf(await setUp(store, { token: "short", ...owner("a@shop.example") }))).toBe("invalid_input");
  });

  it("is a bootstrap key's alone: an owner's session or token is refused, and a shop with an owner makes no link", async () => {
    const store = "set-up-c";
    const staff = await createSignedInStaff(api.database.db, { storeId: api.seeded[store]!.id, email: "owner@c.example", role: "owner" });
    const refused = await askLink(store, { authorization: `Bearer ${staff.token}` });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, "bootstrap_key_required"]);
    expect(codeOf(await askLink(store, {}))).toBe("admin_key_missing");
    expect(codeOf(await askLink(store))).toBe("shop_has_owner");
  });

  it("refuses a link used after an owner appeared meanwhile (an invitation accepted, a member made owner)", async () => {
    const store = "set-up-d";
    const token = tokenOf((await askLink(store)).json().data.link);
    await createStaffMember(api.database.db, { storeId: api.seeded[store]!.id, email: "meanwhile@d.example", role: "owner" });
    const late = await setUp(store, { token, ...owner("late@d.example") });
    expect([late.statusCode, codeOf(late)]).toEqual([409, "shop_has_owner"]);
  });

  it("makes one owner when two links of a shop are used at once", async () => {
    const store = "set-up-e";
    const storeId = api.seeded[store]!.id;
    // Both requests use the one link, as two browsers opening it at once would.
    const token = tokenOf((await askLink(store)).json().data.link);
    const answers = await Promise.all([
      setUp(store, { token, ...owner("one@e.example") }),
      setUp(store, { token, ...owner("two@e.example") }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    const owners = await api.database.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.storeId, storeId), eq(staffMembers.role, "owner")));
    expect(owners).toHaveLength(1);
  });
});
