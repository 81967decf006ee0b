import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors";
import { assertLinkUsable, emailedLinkStatus } from "./emailed-links";

describe("emailedLinkStatus", () => {
  it("reads a link's row as valid, used, expired or invalid, used winning over expired", () => {
    expect(emailedLinkStatus(null)).toBe("invalid");
    expect(emailedLinkStatus({ used: false, expired: false })).toBe("valid");
    expect(emailedLinkStatus({ used: true, expired: false })).toBe("used");
    expect(emailedLinkStatus({ used: false, expired: true })).toBe("expired");
    expect(emailedLinkStatus({ used: true, expired: true })).toBe("used");
  });
});

describe("assertLinkUsable", () => {
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError) return { status: error.status, code: error.code, field: error.field };
      throw error;
    }
    return null;
  };

  it("lets a valid link through", () => {
    expect(refusal(() => assertLinkUsable("signup", { used: false, expired: false }))).toBeNull();
  });

  it("refuses the others with each kind's documented code: 400 unknown, 410 used or expired", () => {
    for (const [kind, prefix] of [
      ["signup", "signup_token"],
      ["invite", "invite_token"],
      ["reset", "reset_token"],
    ] as const) {
      expect(refusal(() => assertLinkUsable(kind, null))).toEqual({ status: 400, code: `${prefix}_invalid`, field: "token" });
      expect(refusal(() => assertLinkUsable(kind, { used: true, expired: true }))).toEqual({
        status: 410,
        code: `${prefix}_used`,
        field: "token",
      });
      expect(refusal(() => assertLinkUsable(kind, { used: false, expired: true }))).toEqual({
        status: 410,
        code: `${prefix}_expired`,
        field: "token",
      });
    }
  });
});
