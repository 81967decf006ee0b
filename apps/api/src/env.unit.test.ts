import { describe, expect, it } from "vitest";
import { DEVELOPMENT_ADMIN_KEY, loadEnv, resolveAdminKeys } from "./env";

describe("TRUST_PROXY", () => {
  it("is off unless set, so the client address comes from the socket", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: " " }).TRUST_PROXY).toBe(false);
  });

  it("takes true, a hop count, or a list of proxy addresses", () => {
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    const twoHops = loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops("10.0.0.1", hop))).toEqual([true, true, false]);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });
});

describe("DATABASE_STATEMENT_TIMEOUT_MS", () => {
  it("defaults to 5 seconds, takes 0 for no limit, and refuses nonsense", () => {
    expect(loadEnv({}).DATABASE_STATEMENT_TIMEOUT_MS).toBe(5000);
    expect(loadEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "0" }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(loadEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "30000" }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(30_000);
    for (const value of ["-1", "1.5", "5s", "3600001"]) {
      expect(() => loadEnv({ DATABASE_STATEMENT_TIMEOUT_MS: value }), value).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    }
  });
});

describe("JOB_POLL_INTERVAL_MS", () => {
  it("defaults to a second and refuses nonsense", () => {
    expect(loadEnv({}).JOB_POLL_INTERVAL_MS).toBe(1000);
    expect(loadEnv({ JOB_POLL_INTERVAL_MS: "250" }).JOB_POLL_INTERVAL_MS).toBe(250);
    expect(() => loadEnv({ JOB_POLL_INTERVAL_MS: "0" })).toThrow(/JOB_POLL_INTERVAL_MS/);
    expect(() => loadEnv({ JOB_POLL_INTERVAL_MS: "soon" })).toThrow(/JOB_POLL_INTERVAL_MS/);
  });
});

describe("JOBS_WORKER", () => {
  it("is on unless turned off, and off only with a database server another process can reach", () => {
    expect(loadEnv({}).JOBS_WORKER).toBe("on");
    expect(loadEnv({ JOBS_WORKER: "off", DATABASE_URL: "postgres://quire@db.example/quire" }).JOBS_WORKER).toBe("off");
    expect(() => loadEnv({ JOBS_WORKER: "off" })).toThrow(/JOBS_WORKER: JOBS_WORKER=off needs DATABASE_URL/);
    expect(() => loadEnv({ JOBS_WORKER: "false" })).toThrow(/JOBS_WORKER/);
  });
});

describe("admin keys", () => {
  it("take the keys set, refuse short ones, and fall back to the demo key only outside production", () => {
    expect(resolveAdminKeys(loadEnv({ ADMIN_API_KEYS: " first-admin-key-0000 , second-admin-key-000 " }))).toEqual([
      "first-admin-key-0000",
      "second-admin-key-000",
    ]);
    expect(() => loadEnv({ ADMIN_API_KEYS: "short" })).toThrow(/Admin keys need at least 16 characters/);
    expect(resolveAdminKeys(loadEnv({}))).toEqual([DEVELOPMENT_ADMIN_KEY]);
    expect(resolveAdminKeys(loadEnv({ NODE_ENV: "production", AUTH_TOKEN_SECRET: "x".repeat(32) }))).toEqual([]);
  });
});
