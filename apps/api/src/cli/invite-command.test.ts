import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../testing/factories";
import { createCustomer } from "../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";
import { useTestMailbox } from "../testing/test-mailbox";
import { customerInvites } from "../modules/identity/identity.tables";
import { parseInviteArgs, runInviteCommand } from "./invite-command";

const api = useTestApi(async (db) => ({ store: await createStore(db, { name: "Quire Test Books" }) }));
const mailbox = useTestMailbox(() => api.database.db);

describe("parseInviteArgs", () => {
  it("reads the flags, with defaults for the optional ones", () => {
    expect(
      parseInviteArgs(["--email", " Buyer@Example.com ", "--first-name", "Grace", "--last-name", "Hopper", "--company", "Hopper Ltd"]),
    ).toEqual({
      help: false,
      email: "buyer@example.com",
      firstName: "Grace",
      lastName: "Hopper",
      companyName: "Hopper Ltd",
      storeKey: "quire-demo",
      expiresInDays: 14,
    });
    expect(parseInviteArgs(["--email", "a@example.com", "--store", "test-store", "--expires-in-days", "3"])).toMatchObject({
      storeKey: "test-store",
      expiresInDays: 3,
    });
    expect(parseInviteArgs(["--help"]).help).toBe(true);
  });

  it("refuses a missing or bad email, bad expiry and unknown flags", () => {
    expect(() => parseInviteArgs([])).toThrow("--email is required");
    expect(() => parseInviteArgs(["--email", "nope"])).toThrow(/not a valid email/);
    expect(() => parseInviteArgs(["--email", "a@example.com", "--expires-in-days", "0"])).toThrow(/1 to 365/);
    expect(() => parseInviteArgs(["--email", "a@example.com", "--expires-in-days", "1.5"])).toThrow(/1 to 365/);
    expect(() => parseInviteArgs(["--email", "a@example.com", "--company", "x".repeat(101)])).toThrow(/at most 100/);
    expect(() => parseInviteArgs(["--email", "a@example.com", "--trade"])).toThrow();
  });
});

describe("runInviteCommand", () => {
  it("creates an invite, queues its email and answers the link, which completes to a trade account", async () => {
    const options = parseInviteArgs([
      "--email",
      "buyer@example.com",
      "--first-name",
      "Grace",
      "--company",
      "Hopper Ltd",
      "--store",
      "test-store",
    ]);
    const report = await runInviteCommand(api.database.db, options, { storefrontUrl: "https://shop.example/" });
    expect(report.alreadyCustomer).toBe(false);
    expect(report.url).toMatch(/^https:\/\/shop\.example\/auth\/invite\/complete\/[A-Za-z0-9_-]{43}$/);
    const [invite] = await api.database.db.select().from(customerInvites).where(eq(customerInvites.email, "buyer@example.com"));
    expect(invite).toMatchObject({ firstName: "Grace", companyName: "Hopper Ltd", completedAt: null });

    const mail = await mailbox.receive("buyer@example.com");
    expect(mail.links).toEqual([report.url]);
    const token = report.url.split("/").pop();
    const completed = await api.app.inject({
      method: "PUT",
      url: "/auth/invites/complete",
      headers: TEST_HEADERS,
      payload: { token, password: "Compilers-Are-Friendly-1952" },
    });
    expect(completed.statusCode).toBe(201);
  });

  it("warns about an email that already has an account, and refuses an unknown store", async () => {
    await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "member@example.com" });
    const report = await runInviteCommand(api.database.db, parseInviteArgs(["--email", "member@example.com", "--store", "test-store"]), {
      storefrontUrl: "http://localhost:3000",
    });
    expect(report.alreadyCustomer).toBe(true);
    await expect(
      runInviteCommand(api.database.db, parseInviteArgs(["--email", "x@example.com", "--store", "nowhere"]), {
        storefrontUrl: "http://localhost:3000",
      }),
    ).rejects.toThrow('No store has the key "nowhere"');
  });
});
