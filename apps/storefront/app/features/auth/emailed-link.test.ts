import { EMAILED_LINK_ERROR_CODES, EmailedLinkKindSchema } from "@quire/contracts";
import errorCodesSource from "@quire/contracts/error-codes?raw";
import { describe, expect, it } from "vitest";
import { getLinkProblemTexts, linkProblemOf, linkProblemStatus, type UnusableLinkStatus } from "./emailed-link";

const KINDS = EmailedLinkKindSchema.options;
const PROBLEMS: UnusableLinkStatus[] = ["used", "expired", "invalid"];

describe("linkProblemStatus", () => {
  it("answers 410 Gone for a link that can no longer be used and 404 for one the shop never made", () => {
    expect(linkProblemStatus("used")).toBe(410);
    expect(linkProblemStatus("expired")).toBe(410);
    expect(linkProblemStatus("invalid")).toBe(404);
  });
});

describe("getLinkProblemTexts", () => {
  it("gives every kind and problem its own heading and a way forward", () => {
    const titles = new Set<string>();
    for (const kind of KINDS) {
      for (const problem of PROBLEMS) {
        const texts = getLinkProblemTexts(kind, problem);
        titles.add(texts.title);
        expect(texts.explanation.length, `${kind} ${problem}`).toBeGreaterThan(0);
        expect(texts.action.to, `${kind} ${problem}`).toMatch(/^\//);
      }
    }
    expect(titles.size).toBe(KINDS.length * PROBLEMS.length);
  });

  it("sends a used sign-up or invite link to sign in, an expired sign-up to register again, and any bad reset link to a new one", () => {
    expect(getLinkProblemTexts("signup", "used").action.to).toBe("/auth/login");
    expect(getLinkProblemTexts("invite", "used").action.to).toBe("/auth/login");
    expect(getLinkProblemTexts("signup", "expired").action.to).toBe("/auth/register");
    expect(getLinkProblemTexts("signup", "invalid").action.to).toBe("/auth/register");
    for (const problem of PROBLEMS) expect(getLinkProblemTexts("reset", problem).action.to).toBe("/auth/forgot-password");
  });
});

describe("linkProblemOf", () => {
  it("reads a failed completion's link problem from the API's codes for that kind", () => {
    for (const kind of KINDS) {
      for (const problem of PROBLEMS) {
        const errors = [{ code: EMAILED_LINK_ERROR_CODES[kind][problem], message: "…", field: "token" }];
        expect(linkProblemOf(kind, errors), `${kind} ${problem}`).toBe(problem);
      }
    }
  });

  it("ignores other failures, and another kind's codes", () => {
    expect(linkProblemOf("signup", undefined)).toBeNull();
    expect(linkProblemOf("signup", [{ code: "password_matches_email", message: "…", field: "password" }])).toBeNull();
    expect(linkProblemOf("signup", [{ code: EMAILED_LINK_ERROR_CODES.reset.used, message: "…" }])).toBeNull();
  });
});

describe("the codes this browser-side module branches on", () => {
  it("come from the contracts' error-codes module, which imports nothing, so they bring no zod to the browser", () => {
    expect(errorCodesSource).toContain("export const EMAILED_LINK_ERROR_CODES");
    expect(errorCodesSource).not.toMatch(/^\s*(?:import|export\s[^;]*\sfrom)\s/m);
    expect(errorCodesSource).not.toMatch(/\bimport\(|\brequire\(/);
  });
});
