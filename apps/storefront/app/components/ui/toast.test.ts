import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { queuedToastOf, TOAST_KINDS, TOAST_LIFETIME_MS, type ToastKind } from "./toast";
import { MAX_SHOWN_TOASTS, toastsClosedBy, type ShownToast } from "./toast-policy";

describe("toasts", () => {
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

describe("which shown toasts a new one closes", () => {
  const shown = (...kinds: ToastKind[]): ShownToast[] =>
    kinds.map((kind, index) => ({ key: `${kind}-${index}`, toast: { kind, message: `${kind} ${index}` } }));

  it("replaces a shown toast of the same kind", () => {
    expect(toastsClosedBy({ kind: "info", message: "New" }, shown("info"))).toEqual(["info-0"]);
    expect(toastsClosedBy({ kind: "error", message: "New" }, shown("error"))).toEqual(["error-0"]);
  });

  it("closes older errors and warnings when a success comes", () => {
    expect(toastsClosedBy({ kind: "success", message: "Saved" }, shown("error", "warn"))).toEqual(["error-0", "warn-1"]);
  });

  it("leaves a success beside a new error, and keeps no more than two on screen, closing the oldest", () => {
    expect(MAX_SHOWN_TOASTS).toBe(2);
    expect(toastsClosedBy({ kind: "error", message: "Failed" }, shown("success"))).toEqual([]);
    expect(toastsClosedBy({ kind: "error", message: "Failed" }, shown("info", "success"))).toEqual(["success-1"]);
  });
});
