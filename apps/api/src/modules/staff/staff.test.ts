import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from "@quire/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../../testing/factories";
import { createCustomer, TEST_PASSWORD } from "../../testing/identity-factories";
import { createSignedInStaff, createStaffMember } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { auditLog } from "../audit/audit.tables";
import { listMailTo } from "../mail/outbox-reads.service";
import { runStaffInvite } from "./staff-command";
import { apiTokens, staffInvitations } from "./staff.tables";
import { totpCodeAt } from "./totp";

const ADMIN_KEY = "staff-test-admin-key-0000";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const other = await createStore(db, { key: "other-store", name: "Other" });
    const customer = await createCustomer(db, { storeId: store.id, email: "trade@buyer.example", isTrade: true });
    return { store, other, customer };
  },
  { adminApiKeys: [ADMIN_KEY] },
);

type Method = "GET" | "POST" | "PUT" | "DELETE";
const storekey = TEST_HEADERS.storekey;

/** An admin call with a bearer token (staff session or API token), or with the bootstrap key when `token` is null. */
function asAdmin(token: string | null, method: Method, url: string, payload?: object, store = storekey) {
  const credential = token === null ? { "admin-key": ADMIN_KEY } : { authorization: `Bearer ${token}` };
  return api.app.inject({ method, url, headers: { storekey: store, ...credential }, ...(payload ? { payload } : {}) });
}
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;

let emailCount = 0;
/** An address no other test uses: each test has its own staff. */
const freshEmail = (name: string) => `${name}-${++emailCount}@staff.example`;

async function invitationToken(email: string): Promise<string> {
  const [mail] = await listMailTo(api.database.db, { recipient: email, kind: "staff_invitation" });
  const token = mail?.actionUrl?.split("/accept-invitation/")[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

describe("staff accounts", () => {
  it("an owner invites a person, who chooses a password, is signed in, and signs in again later", async () => {
    const email = freshEmail("first-owner");
    const invited = await asAdmin(null, "POST", "/admin/staff/invitations", { email, name: "Ada Owner", role: "owner" });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({ email, role: "owner" });
    const [mail] = await listMailTo(api.database.db, { recipient: email, kind: "staff_invitation" });
    expect(mail?.actionUrl).toMatch(/^http:\/\/localhost:3001\/accept-invitation\/[A-Za-z0-9_-]{43}$/);

    const token = await invitationToken(email);
    const accepted = await api.app.inject({
      method: "POST",
      url: "/admin/auth/accept-invitation",
      headers: { storekey },
      payload: { token, password: TEST_PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json().data;
    expect(session).toMatchObject({ status: "signed_in", staff: { email, role: "owner", twoFactorEnabled: false, active: true } });
    expect((await asAdmin(session.token, "GET", "/admin/auth/me")).json().data.email).toBe(email);

    // The link works once; the database keeps only the token's hash.
    const again = await api.app.inject({
      method: "POST",
      url: "/admin/auth/accept-invitation",
      headers: { storekey },
      payload: { token, password: TEST_PASSWORD },
    });
    expect(codeOf(again)).toBe("staff_invitation_used");
    const stored = await api.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(stored[0]?.tokenHash).not.toContain(token);

    const signedIn = await api.app.inject({
      method: "POST",
      url: "/admin/auth/sign-in",
      headers: { storekey },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signedIn.json().data.status).toBe("signed_in");
  });

  it("the command line invites the first owner, and the audit log says so", async () => {
    const email = freshEmail("cli-owner");
    const { invitation, link } = await runStaffInvite(
      api.database.db,
      { help: false, email, name: "Grace", role: "owner", storeKey: storekey },
      { backOfficeUrl: "https://admin.shop.example/" },
    );
    expect(invitation).toMatchObject({ email, role: "owner" });
    expect(link).toBe(`https://admin.shop.example/accept-invitation/${await invitationToken(email)}`);
    const log = (await asAdmin(null, "GET", "/admin/audit-log?operation=inviteStaff")).json().data.entries;
    expect(log).toContainEqual(
      expect.objectContaining({ actor: { type: "admin_key", id: 0, label: "command line" }, resourceType: "staff_invitation" }),
    );
    await expect(
      runStaffInvite(api.database.db, { help: false, email, name: "G", role: "owner", storeKey: "no-such-store" }, { backOfficeUrl: "" }),
    ).rejects.toThrow('No store has the key "no-such-store"');
  });

  it("refuses an expired or unknown invitation, and a second invitation to a member's email", async () => {
    const email = freshEmail("late");
    await asAdmin(null, "POST", "/admin/staff/invitations", { email, name: "Late", role: "content" });
    await api.database.db
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffInvitations.email, email));
    const accept = (token: string) =>
      api.app.inject({
        method: "POST",
        url: "/admin/auth/accept-invitation",
        headers: { storekey },
        payload: { token, password: TEST_PASSWORD },
      });
    expect(codeOf(await accept(await invitationToken(email)))).toBe("staff_invitation_expired");
    expect(codeOf(await accept("x".repeat(43)))).toBe("staff_invitation_invalid");

    const member = await createStaffMember(api.database.db, { storeId: api.seeded.store.id, email: freshEmail("member"), role: "content" });
    const duplicate = await asAdmin(null, "POST", "/admin/staff/invitations", { email: member.email, name: "Again", role: "owner" });
    expect(duplicate.statusCode).toBe(409);
    expect(codeOf(duplicate)).toBe("staff_email_taken");
  });

  it("lists the invitations still waiting, and withdraws one, whose link then works no more", async () => {
    const waiting = freshEmail("waiting");
    const withdrawn = freshEmail("withdrawn");
    const accepted = freshEmail("accepted");
    const expired = freshEmail("expired");
    for (const email of [waiting, withdrawn, accepted, expired]) {
      expect((await asAdmin(null, "POST", "/admin/staff/invitations", { email, name: "Invited", role: "content" })).statusCode).toBe(201);
    }
    const accept = (token: string) =>
      api.app.inject({
        method: "POST",
        url: "/admin/auth/accept-invitation",
        headers: { storekey },
        payload: { token, password: TEST_PASSWORD },
      });
    expect((await accept(await invitationToken(accepted))).statusCode).toBe(200);
    await api.database.db
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffInvitations.email, expired));
    const listed = async () => {
      const answer = await asAdmin(null, "GET", "/admin/staff/invitations");
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().data as { email: string; id: number; role: string; createdAt: string }[]).filter((row) =>
        row.email.endsWith("@staff.example"),
      );
    };
    const before = await listed();
    expect(before.map((row) => row.email).filter((email) => [waiting, withdrawn, accepted, expired].includes(email))).toEqual([
      withdrawn,
      waiting,
    ]);
    const id = before.find((row) => row.email === withdrawn)!.id;

    // Another shop's owner cannot see or withdraw it.
    const fromOther = await asAdmin(null, "DELETE", `/admin/staff/invitations/${id}`, undefined, "other-store");
    expect(fromOther.statusCode).toBe(404);
    expect(codeOf(fromOther)).toBe("staff_invitation_not_found");

    const token = await invitationToken(withdrawn);
    expect((await asAdmin(null, "DELETE", `/admin/staff/invitations/${id}`)).statusCode).toBe(204);
    expect((await listed()).map((row) => row.email)).not.toContain(withdrawn);
    expect(codeOf(await accept(token))).toBe("staff_invitation_invalid");
    const again = await asAdmin(null, "DELETE", `/admin/staff/invitations/${id}`);
    expect(again.statusCode).toBe(404);
    expect(codeOf(again)).toBe("staff_invitation_not_found");
    // An accepted invitation is not withdrawn (the member is deactivated instead).
    const acceptedId = (await api.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, accepted)))[0]!.id;
    expect((await asAdmin(null, "DELETE", `/admin/staff/invitations/${acceptedId}`)).statusCode).toBe(404);

    const audited = await api.database.db
      .select({ operation: auditLog.operation, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(id)));
    expect(audited).toContainEqual({
      operation: "withdrawStaffInvitation",
      changes: expect.objectContaining({ email: { before: withdrawn, after: null } }),
    });
  });

  it("keeps the invitations to the owners: a manager is refused them", async () => {
    const { token } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("mgr"),
      role: "manager",
    });
    for (const [method, url] of [
      ["GET", "/admin/staff/invitations"],
      ["DELETE", "/admin/staff/invitations/1"],
    ] as const) {
      const answer = await asAdmin(token, method, url);
      expect(answer.statusCode, url).toBe(403);
      expect(codeOf(answer)).toBe("permission_denied");
    }
  });

  it("signs out: the session's token is refused from then on", async () => {
    const { token } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("leaving"),
      role: "manager",
    });
    expect((await asAdmin(token, "POST", "/admin/auth/sign-out")).statusCode).toBe(204);
    const after = await asAdmin(token, "GET", "/admin/orders");
    expect(after.statusCode).toBe(401);
    expect(codeOf(after)).toBe("staff_token_invalid");
  });

  it("answers one 401 for an unknown email, a wrong password and a deactivated member, and locks after five failures", async () => {
    const { staff } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("locked"),
      role: "manager",
    });
    const signIn = (email: string, password: string) =>
      api.app.inject({ method: "POST", url: "/admin/auth/sign-in", headers: { storekey }, payload: { email, password } });
    expect(codeOf(await signIn("nobody@staff.example", TEST_PASSWORD))).toBe("invalid_credentials");
    for (let attempt = 1; attempt <= 5; attempt++) expect(codeOf(await signIn(staff.email, "wrong password"))).toBe("invalid_credentials");
    const locked = await signIn(staff.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);

    const other = await createStaffMember(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("deactivated"),
      role: "content",
    });
    expect((await asAdmin(null, "PUT", `/admin/staff/${other.id}`, { active: false })).statusCode).toBe(200);
    expect(codeOf(await signIn(other.email, TEST_PASSWORD))).toBe("invalid_credentials");
  });

  it("ends a member's sessions when they are deactivated", async () => {
    const { staff, token } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("ended"),
      role: "fulfilment",
    });
    expect((await asAdmin(token, "GET", "/admin/orders")).statusCode).toBe(200);
    expect((await asAdmin(null, "PUT", `/admin/staff/${staff.id}`, { active: false })).json().data.active).toBe(false);
    expect(codeOf(await asAdmin(token, "GET", "/admin/orders"))).toBe("staff_token_invalid");
  });

  it("keeps an active owner: the last one cannot be demoted or deactivated, even by two requests at once", async () => {
    const store = await createStore(api.database.db, { key: `owners-${emailCount}`, name: "Owners" });
    const first = await createSignedInStaff(api.database.db, { storeId: store.id, email: freshEmail("owner-a"), role: "owner" });
    const second = await createSignedInStaff(api.database.db, { storeId: store.id, email: freshEmail("owner-b"), role: "owner" });
    // Each demotes the other at the same moment: one wins, the other finds itself the last owner.
    const answers = await Promise.all([
      asAdmin(first.token, "PUT", `/admin/staff/${second.staff.id}`, { role: "manager" }, store.key),
      asAdmin(second.token, "PUT", `/admin/staff/${first.staff.id}`, { role: "manager" }, store.key),
    ]);
    // The loser is refused by the lock (409), or, when it started after the winner committed, by its new role (403).
    const [won, lost] = answers.map((answer) => answer.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const owners = (await asAdmin(null, "GET", "/admin/staff", undefined, store.key))
      .json()
      .data.filter((member: { role: string; active: boolean }) => member.role === "owner" && member.active);
    expect(owners).toHaveLength(1);
    const survivor = owners[0] as { id: number };
    const self = await asAdmin(null, "PUT", `/admin/staff/${survivor.id}`, { active: false }, store.key);
    expect(self.statusCode).toBe(409);
    expect(codeOf(self)).toBe("last_owner");
  });
});

describe("roles and permissions", () => {
  /** One admin call per permission that has calls today, each harmless to repeat. */
  const probes: Partial<Record<Permission, [Method, string]>> = {
    orders: ["GET", "/admin/orders"],
    returns: ["GET", "/admin/order-returns"],
    customers: ["GET", "/admin/contact-messages"],
    staff: ["GET", "/admin/staff"],
    audit: ["GET", "/admin/audit-log"],
  };

  it.each(STAFF_ROLES.map((role) => [role]))(
    "%s may make exactly the calls of its permissions; the others answer 403",
    async (role: StaffRole) => {
      const { token } = await createSignedInStaff(api.database.db, { storeId: api.seeded.store.id, email: freshEmail(role), role });
      for (const permission of PERMISSIONS) {
        const probe = probes[permission];
        if (!probe) continue;
        const answer = await asAdmin(token, probe[0], probe[1]);
        if (ROLE_PERMISSIONS[role].includes(permission)) {
          expect(answer.statusCode, `${role} -> ${permission}: ${answer.body}`).toBe(200);
        } else {
          expect(answer.statusCode, `${role} -> ${permission}`).toBe(403);
          expect(codeOf(answer)).toBe("permission_denied");
        }
      }
    },
  );

  it("answers every admin call of the document by the caller's role: 403 without its permission, never with it", async () => {
    const document = (await api.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[]; "x-permission"?: string; operationId: string }>>;
    };
    const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes("Admin"))
        .map(([method, operation]) => ({ method: method.toUpperCase() as Method, path, operation })),
    );
    // Sign-in, accepting an invitation and the first owner's set-up are for people without a session yet: every other
    // admin call names one.
    const open = calls.filter((call) => call.operation["x-permission"] === undefined).map((call) => call.operation.operationId);
    expect(open.sort()).toEqual(["acceptStaffInvitation", "completeStaffSetUp", "staffSecondFactor", "staffSignIn"].sort());
    expect(calls.length).toBeGreaterThan(80);

    // Ids that name nothing and words that match nothing: whatever a permitted role's call does, it changes nothing.
    const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, (name) => (/id\}$/i.test(name) ? "2147483000" : "no-such-thing"));
    const tokens = new Map<StaffRole, string>();
    for (const role of STAFF_ROLES) {
      tokens.set(
        role,
        (await createSignedInStaff(api.database.db, { storeId: api.seeded.store.id, email: freshEmail(`every-${role}`), role })).token,
      );
    }
    for (const call of calls.filter((each) => each.operation["x-permission"] !== undefined)) {
      const permission = call.operation["x-permission"]!;
      for (const role of STAFF_ROLES) {
        // A call on the caller's own session (signing out) may end it: it gets a session of its own.
        const token =
          permission === "own-session"
            ? (await createSignedInStaff(api.database.db, { storeId: api.seeded.store.id, email: freshEmail(`own-${role}`), role })).token
            : tokens.get(role)!;
        const answer = await asAdmin(token, call.method, urlOf(call.path));
        // An export answers CSV, not JSON: only an error's code matters here.
        const code = answer.headers["content-type"]?.toString().startsWith("application/json") ? codeOf(answer) : undefined;
        const allowed = permission === "own-session" || ROLE_PERMISSIONS[role].includes(permission as Permission);
        const label = `${role} ${call.method} ${call.path} (${permission}): ${answer.statusCode} ${answer.body.slice(0, 200)}`;
        if (allowed) expect(code, label).not.toBe("permission_denied");
        else expect([answer.statusCode, code], label).toEqual([403, "permission_denied"]);
      }
    }
  });

  it("a staff session or token is good in its own store only; a customer's token is not an admin credential", async () => {
    const { token } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("home"),
      role: "owner",
    });
    expect(codeOf(await asAdmin(token, "GET", "/admin/orders", undefined, "other-store"))).toBe("staff_token_invalid");
    expect(codeOf(await asAdmin("qs_forged-token", "GET", "/admin/orders"))).toBe("staff_token_invalid");
    expect(codeOf(await asAdmin("eyJhbGciOiJIUzI1NiJ9.e30.sig", "GET", "/admin/orders"))).toBe("staff_token_invalid");
  });
});

describe("API tokens", () => {
  it("an owner creates a token shown once; it acts with its role until it is revoked or expires", async () => {
    const { token: owner } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("token-owner"),
      role: "owner",
    });
    const created = await asAdmin(owner, "POST", "/admin/api-tokens", { name: "Warehouse scanner", role: "fulfilment", expiresInDays: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const { token, apiToken } = created.json().data;
    expect(token).toMatch(/^qt_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(apiToken.prefix)).toBe(true);

    const listed = (await asAdmin(owner, "GET", "/admin/api-tokens")).json().data;
    expect(JSON.stringify(listed)).not.toContain(token);
    const [row] = await api.database.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row?.tokenHash).not.toContain(token.slice(3));

    expect((await asAdmin(token, "GET", "/admin/orders")).statusCode).toBe(200);
    expect(codeOf(await asAdmin(token, "GET", "/admin/staff"))).toBe("permission_denied");
    // A token is not a person: it has no session of its own to sign out of or to secure with a second factor.
    expect(codeOf(await asAdmin(token, "POST", "/admin/auth/two-factor"))).toBe("permission_denied");

    expect((await asAdmin(owner, "DELETE", `/admin/api-tokens/${apiToken.id}`)).statusCode).toBe(204);
    expect(codeOf(await asAdmin(token, "GET", "/admin/orders"))).toBe("staff_token_invalid");
    expect(codeOf(await asAdmin(owner, "DELETE", "/admin/api-tokens/2147483647"))).toBe("api_token_not_found");

    const lapsing = (await asAdmin(owner, "POST", "/admin/api-tokens", { name: "Old", role: "content", expiresInDays: 1 })).json().data;
    await api.database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, lapsing.apiToken.id));
    expect(codeOf(await asAdmin(lapsing.token, "GET", "/admin/orders"))).toBe("staff_token_invalid");
  });

  it("says when a token was last used, writing it at most once a minute however busy the token is", async () => {
    const { token: owner } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("busy-owner"),
      role: "owner",
    });
    const { token, apiToken } = (
      await asAdmin(owner, "POST", "/admin/api-tokens", { name: "Busy integration", role: "fulfilment", expiresInDays: 1 })
    ).json().data;
    const lastUsed = async () => (await api.database.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await asAdmin(token, "GET", "/admin/orders");
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // Within the minute: the mark stays as it was, whatever the calls.
    const marked = sql`now() - interval '30 seconds'`;
    await api.database.db.update(apiTokens).set({ lastUsedAt: marked }).where(eq(apiTokens.id, apiToken.id));
    const halfAMinuteAgo = await lastUsed();
    for (let call = 0; call < 3; call += 1) await asAdmin(token, "GET", "/admin/orders");
    expect(await lastUsed()).toEqual(halfAMinuteAgo);
    // Past the minute: the next call marks it again.
    await api.database.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiTokens.id, apiToken.id));
    await asAdmin(token, "GET", "/admin/orders");
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const listed = (await asAdmin(owner, "GET", "/admin/api-tokens")).json().data;
    expect(JSON.stringify(listed)).toContain('"lastUsedAt":"');
  });

  it("refuses a lifetime past a year, and a role that does not exist", async () => {
    const tooLong = await asAdmin(null, "POST", "/admin/api-tokens", { name: "Forever", role: "owner", expiresInDays: 367 });
    expect(tooLong.statusCode).toBe(400);
    const noRole = await asAdmin(null, "POST", "/admin/api-tokens", { name: "Root", role: "superuser", expiresInDays: 1 });
    expect(noRole.statusCode).toBe(400);
  });
});

describe("two-factor sign-in", () => {
  it("is set up with a code, then asks for a code after the password; a code works once", async () => {
    const email = freshEmail("careful");
    const { token } = await createSignedInStaff(api.database.db, { storeId: api.seeded.store.id, email, role: "manager" });
    expect(codeOf(await asAdmin(token, "PUT", "/admin/auth/two-factor", { code: "123456" }))).toBe("two_factor_not_started");
    const setup = (await asAdmin(token, "POST", "/admin/auth/two-factor")).json().data;
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const now = Date.now();
    const confirmed = await asAdmin(token, "PUT", "/admin/auth/two-factor", { code: totpCodeAt(setup.secret, now) });
    expect(confirmed.json().data.twoFactorEnabled).toBe(true);

    const signIn = () =>
      api.app.inject({ method: "POST", url: "/admin/auth/sign-in", headers: { storekey }, payload: { email, password: TEST_PASSWORD } });
    const secondFactor = (challenge: string, code: string) =>
      api.app.inject({ method: "POST", url: "/admin/auth/second-factor", headers: { storekey }, payload: { challenge, code } });

    const first = (await signIn()).json().data;
    expect(first.status).toBe("second_factor_required");
    expect(first).not.toHaveProperty("token");
    // The code that confirmed the set-up is spent; a wrong one is refused; the next step's code signs in.
    expect(codeOf(await secondFactor(first.challenge, totpCodeAt(setup.secret, now)))).toBe("second_factor_invalid");
    expect(codeOf(await secondFactor(first.challenge, "000000"))).toBe("second_factor_invalid");
    const next = totpCodeAt(setup.secret, now + 30_000);
    const signedIn = await secondFactor(first.challenge, next);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.status).toBe("signed_in");
    // The challenge is used up, and so is the code.
    expect(codeOf(await secondFactor(first.challenge, next))).toBe("second_factor_invalid");
    const second = (await signIn()).json().data;
    expect(codeOf(await secondFactor(second.challenge, next))).toBe("second_factor_invalid");

    const session = signedIn.json().data.token as string;
    expect(codeOf(await asAdmin(session, "POST", "/admin/auth/two-factor/disable", { password: "not the password" }))).toBe(
      "current_password_incorrect",
    );
    expect(
      (await asAdmin(session, "POST", "/admin/auth/two-factor/disable", { password: TEST_PASSWORD })).json().data.twoFactorEnabled,
    ).toBe(false);
  });
});

describe("two-factor sign-in, turned on", () => {
  it("ends the member's other sessions (a stolen one among them), and keeps the one that turned it on", async () => {
    const email = freshEmail("two-devices");
    const { token: laptop } = await createSignedInStaff(api.database.db, { storeId: api.seeded.store.id, email, role: "content" });
    const phone = (
      await api.app.inject({
        method: "POST",
        url: "/admin/auth/sign-in",
        headers: { storekey },
        payload: { email, password: TEST_PASSWORD },
      })
    ).json().data.token as string;
    expect((await asAdmin(phone, "GET", "/admin/auth/me")).statusCode).toBe(200);

    const setup = (await asAdmin(laptop, "POST", "/admin/auth/two-factor")).json().data;
    const confirmed = await asAdmin(laptop, "PUT", "/admin/auth/two-factor", { code: totpCodeAt(setup.secret, Date.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(codeOf(await asAdmin(phone, "GET", "/admin/auth/me"))).toBe("staff_token_invalid");
    expect((await asAdmin(laptop, "GET", "/admin/auth/me")).statusCode).toBe(200);
  });
});

describe("an admin route that names no permission", () => {
  it("is refused when it is registered, so no call can reach it unchecked", async () => {
    const { buildApp } = await import("../../app");
    const app = await buildApp({ db: api.database.db, apiKeys: ["route-check-api-key"], tokenSecret: "x".repeat(32) });
    try {
      expect(() => app.get("/admin/forgotten", { config: { admin: true } }, async () => ({ data: "secret" }))).toThrow(
        /names no permission/,
      );
    } finally {
      await app.close();
    }
  });
});

describe("the audit log", () => {
  it("records every admin write with who, what, where and the changed fields, and pages newest first", async () => {
    const { staff: owner, token } = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("auditor"),
      role: "owner",
    });
    const member = await createStaffMember(api.database.db, {
      storeId: api.seeded.store.id,
      email: freshEmail("promoted"),
      role: "content",
    });
    expect((await asAdmin(token, "PUT", `/admin/staff/${member.id}`, { role: "manager" })).statusCode).toBe(200);
    // A write whose service keeps no changes of its own is recorded by the admin API's hook.
    const credit = await asAdmin(token, "PUT", `/admin/customers/${api.seeded.customer.id}/credit`, {
      limitAmount: 50_000,
      currencyCode: "GBP",
    });
    expect(credit.statusCode, credit.body).toBe(200);

    const mine = (await asAdmin(token, "GET", `/admin/audit-log?actorType=staff&actorId=${owner.id}&limit=1`)).json().data;
    expect(mine.entries).toHaveLength(1);
    expect(mine.entries[0]).toMatchObject({
      actor: { type: "staff", id: owner.id, label: owner.email },
      operation: "setCustomerCreditLimit",
      resourceType: "customer",
      resourceId: String(api.seeded.customer.id),
    });
    const older = (await asAdmin(token, "GET", `/admin/audit-log?actorType=staff&actorId=${owner.id}&before=${mine.nextBefore}`)).json()
      .data;
    expect(older.entries).toEqual([
      expect.objectContaining({
        operation: "updateStaff",
        resourceType: "staff",
        resourceId: String(member.id),
        changes: { role: { before: "content", after: "manager" } },
      }),
    ]);
    expect(older.nextBefore).toBeNull();

    // No secret is ever recorded: not a password hash, not a token.
    const created = (await asAdmin(token, "POST", "/admin/api-tokens", { name: "Audited", role: "content", expiresInDays: 2 })).json().data;
    const rows = await api.database.db.select().from(auditLog);
    const recorded = JSON.stringify(rows);
    expect(recorded).not.toContain(created.token);
    expect(recorded).not.toContain("$argon2");
  });

  it("refuses filters it cannot hold", async () => {
    expect((await asAdmin(null, "GET", "/admin/audit-log?limit=101")).statusCode).toBe(400);
    expect((await asAdmin(null, "GET", "/admin/audit-log?operation=drop%20table")).statusCode).toBe(400);
    expect((await asAdmin(null, "GET", "/admin/audit-log?before=0")).statusCode).toBe(400);
  });
});
