import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { queuedToastOf, TOAST_KINDS, TOAST_LIFETIME_MS } from "./toast";

describe("toasts (spec sections 8 and 9)", () => {
  it("come in four kinds: success, info, warn, error", () => {
    expect(TOAST_KINDS).toEqual(["success", "info", "warn", "error"]);
  });

  it("close after 3000 ms by default", () => {
    expect(TOAST_LIFETIME_MS).toBe(3000);
    expect(queuedToastOf({ kind: "info", message: "Saved" }).timeoutMs).toBe(3000);
  });

  it("close after their own lifetime when they set one", () => {
    expect(queuedToastOf({ kind: "error", message: "Failed" }, { lifetimeMs: 8000 }).timeoutMs).toBe(8000);
    expect(queuedToastOf({ kind: "warn", message: "Soon" }, { lifetimeMs: 1000 }).timeoutMs).toBe(1000);
  });

  it("without JavaScript, fade out after the same default lifetime", () => {
    const css = readFileSync(new URL("../../app.css", import.meta.url), "utf8");
    const animation = /@utility animate-toast-expire\s*\{\s*animation:\s*toast-expire\s+\d+ms\s+[\w-]+\s+(\d+)ms/.exec(css);
    expect(Number(animation?.[1])).toBe(TOAST_LIFETIME_MS);
  });
});
