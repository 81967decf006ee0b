import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

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
