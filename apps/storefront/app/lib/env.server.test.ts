import { describe, expect, it, vi } from "vitest";
import { parseOrigin } from "./env.server";

describe("the storefront's time-outs for slow clients", () => {
  it("give a client 10 s to send its headers and 30 s for its whole request, unless set", async () => {
    const saved = { headers: process.env.HEADERS_TIMEOUT_MS, request: process.env.REQUEST_TIMEOUT_MS };
    delete process.env.HEADERS_TIMEOUT_MS;
    delete process.env.REQUEST_TIMEOUT_MS;
    try {
      // A module of its own: getEnv reads the environment once per module.
      vi.resetModules();
      const { getEnv } = await import("./env.server");
      expect(getEnv()).toMatchObject({ HEADERS_TIMEOUT_MS: 10_000, REQUEST_TIMEOUT_MS: 30_000 });
    } finally {
      if (saved.headers !== undefined) process.env.HEADERS_TIMEOUT_MS = saved.headers;
      if (saved.request !== undefined) process.env.REQUEST_TIMEOUT_MS = saved.request;
    }
  });
});

describe("parseOrigin (EDITOR_PREVIEW_ORIGIN)", () => {
  it("accepts an http(s) origin, with or without a trailing slash, in any case", () => {
    expect(parseOrigin("https://editor.example")).toBe("https://editor.example");
    expect(parseOrigin("https://editor.example/")).toBe("https://editor.example");
    expect(parseOrigin("http://127.0.0.1:4100")).toBe("http://127.0.0.1:4100");
    expect(parseOrigin("https://Editor.Example")).toBe("https://editor.example");
  });

  it.each([
    "editor.example",
    "https://editor.example/preview",
    "https://editor.example?x=1",
    "https://user@editor.example",
    "ftp://editor.example",
    "*",
    "'self'",
  ])("refuses %s", (value) => {
    expect(parseOrigin(value)).toBeNull();
  });
});
