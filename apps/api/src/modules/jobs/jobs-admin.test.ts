import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sqlRows } from "../../db/sql-rows";
import { createCartTestShop, errorCodeOf } from "../cart/cart-test-catalogue";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { enqueue } from "./job-queue";

// The back office's view of the job queue (permission `settings`): failed jobs newest first in keyset pages, with
// their error and never their payload, and a retry of one through pg-boss.

const ADMIN_KEY = "jobs-admin-key-0000000000";
const api = useTestApi((db) => createCartTestShop(db), { adminApiKeys: [ADMIN_KEY] });

const asAdmin = (method: "GET" | "POST", url: string, authorization?: string) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, ...(authorization ? { authorization } : { "admin-key": ADMIN_KEY }) },
  });

/** A job that failed its last retry `minutesAgo` minutes ago, its payload holding a secret and its error a long message. */
async function failedJob(minutesAgo: number, message = `SMTP said no ${minutesAgo}`) {
  const db = api.database.db;
  const id = (await db.transaction((tx) => enqueue(tx, "mail-delivery", { messageId: 1_000_000 + minutesAgo })))!;
  await db.execute(
    sql`update pgboss.job set state = 'failed', retry_count = 3, data = '{"secret":"do-not-show-me"}'::jsonb,
          output = jsonb_build_object('message', ${message}::text, 'stack', 'at secret place'),
          completed_on = now() - make_interval(mins => ${minutesAgo})
        where id = ${id}::uuid`,
  );
  return id;
}

const stateOf = async (id: string) =>
  (await sqlRows<{ state: string }>(api.database.db, sql`select state::text as state from pgboss.job where id = ${id}::uuid`))[0]?.state;

describe("failed jobs in the back office", () => {
  it("lists failed jobs newest first in keyset pages, with their error cut to 500 characters and never their payload", async () => {
    const newest = await failedJob(1, "x".repeat(2_000));
    const middle = await failedJob(2);
    const oldest = await failedJob(3);
    // A job still waiting is not listed.
    await api.database.db.transaction((tx) => enqueue(tx, "mail-delivery", { messageId: 999_999 }));

    const first = await asAdmin("GET", "/admin/jobs/failed?limit=2");
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data;
    expect(page.jobs.map((job: { id: string }) => job.id)).toEqual([newest, middle]);
    expect(page.jobs[0]).toEqual({
      id: newest,
      queue: "mail-delivery",
      createdAt: expect.any(String),
      failedAt: expect.any(String),
      retryCount: 3,
      error: "x".repeat(500),
    });
    expect(first.body).not.toContain("do-not-show-me");
    expect(first.body).not.toContain("secret place");
    expect(page.nextBefore).toEqual(expect.any(String));

    const second = (await asAdmin("GET", `/admin/jobs/failed?limit=2&before=${page.nextBefore}`)).json().data;
    expect(second.jobs.map((job: { id: string }) => job.id)).toEqual([oldest]);
    expect(second.jobs[0].error).toBe("SMTP said no 3");
    expect(second.nextBefore).toBeNull();
  });

  it("retries one failed job through pg-boss: 404 for no such job, 409 once it is no longer failed", async () => {
    const id = await failedJob(10);
    const retried = await asAdmin("POST", `/admin/jobs/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toEqual({ id, queue: "mail-delivery", state: "retry" });
    expect(await stateOf(id)).toBe("retry");
    expect((await asAdmin("GET", "/admin/jobs/failed?limit=100")).json().data.jobs.map((job: { id: string }) => job.id)).not.toContain(id);

    const again = await asAdmin("POST", `/admin/jobs/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(errorCodeOf(again)).toBe("job_not_failed");
    const unknown = await asAdmin("POST", "/admin/jobs/00000000-0000-4000-8000-000000000000/retry");
    expect(unknown.statusCode).toBe(404);
    expect(errorCodeOf(unknown)).toBe("job_not_found");
    expect(errorCodeOf(await asAdmin("POST", "/admin/jobs/not-a-uuid/retry"))).toBe("invalid_input");
    expect(errorCodeOf(await asAdmin("GET", "/admin/jobs/failed?before=nonsense"))).toBe("invalid_input");
    expect(errorCodeOf(await asAdmin("GET", "/admin/jobs/failed?limit=101"))).toBe("invalid_input");
  });

  it("is the settings permission's: a manager may, fulfilment may not", async () => {
    const storeId = api.seeded.store.id;
    const packer = await createSignedInStaff(api.database.db, { storeId, email: "packer@jobs.example", role: "fulfilment" });
    const manager = await createSignedInStaff(api.database.db, { storeId, email: "manager@jobs.example", role: "manager" });
    const id = await failedJob(20);
    expect(errorCodeOf(await asAdmin("GET", "/admin/jobs/failed", `Bearer ${packer.token}`))).toBe("permission_denied");
    expect(errorCodeOf(await asAdmin("POST", `/admin/jobs/${id}/retry`, `Bearer ${packer.token}`))).toBe("permission_denied");
    expect(await stateOf(id)).toBe("failed");
    expect((await asAdmin("GET", "/admin/jobs/failed", `Bearer ${manager.token}`)).statusCode).toBe(200);
    expect((await asAdmin("POST", `/admin/jobs/${id}/retry`, `Bearer ${manager.token}`)).statusCode).toBe(200);
  });
});
