import { describe, expect, expectTypeOf, it } from "vitest";
import {
  API_ERROR_CODES,
  ApiErrorCodeSchema,
  defaultErrorMessageOf,
  EMAILED_LINK_ERROR_CODES,
  ERROR_CATALOGUE,
  ErrorResponseSchema,
  errorCodesWithStatus,
  errorStatusOf,
  hasErrorCode,
  isApiErrorCode,
  type ApiErrorCode,
} from "./errors";
import type { EmailedLinkKind, EmailedLinkStatus } from "./identity";

describe("the error catalogue", () => {
  it("gives every code a 4xx or 5xx status", () => {
    for (const code of API_ERROR_CODES) {
      const status = errorStatusOf(code);
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code} → ${status}`).toBe(true);
    }
  });

  it("names each code once, in snake_case, with a non-empty default message when it has one", () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    expect(API_ERROR_CODES).toEqual(Object.keys(ERROR_CATALOGUE));
    for (const code of API_ERROR_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      const message = defaultErrorMessageOf(code);
      if (message !== undefined) expect(message, code).toMatch(/\S/);
    }
  });

  it("keeps the codes clients already branch on, with their statuses", () => {
    expect(errorStatusOf("out_of_stock")).toBe(409);
    expect(errorStatusOf("invalid_input")).toBe(400);
    expect(errorStatusOf("token_invalid")).toBe(401);
    expect(errorStatusOf("password_change_required")).toBe(403);
    expect(errorStatusOf("cart_not_found")).toBe(404);
    expect(errorStatusOf("reset_token_expired")).toBe(410);
    expect(errorStatusOf("too_many_requests")).toBe(429);
    expect(errorStatusOf("service_unavailable")).toBe(503);
    expect(errorCodesWithStatus(500)).toEqual(["internal_error"]);
  });

  it("is what ApiError's code accepts, and nothing else", () => {
    for (const code of API_ERROR_CODES) expect(ApiErrorCodeSchema.safeParse(code).success, code).toBe(true);
    expect(ApiErrorCodeSchema.safeParse("not_a_code").success).toBe(false);
    expect(isApiErrorCode("out_of_stock")).toBe(true);
    expect(isApiErrorCode("toString")).toBe(false);
    expect(ErrorResponseSchema.safeParse({ errors: [{ code: "made_up", message: "No" }] }).success).toBe(false);
  });

  it("has one code for each unusable state of each kind of emailed link, each in the catalogue", () => {
    expectTypeOf<keyof typeof EMAILED_LINK_ERROR_CODES>().toEqualTypeOf<EmailedLinkKind>();
    expectTypeOf<keyof (typeof EMAILED_LINK_ERROR_CODES)["signup"]>().toEqualTypeOf<Exclude<EmailedLinkStatus, "valid">>();
    const codes = Object.values(EMAILED_LINK_ERROR_CODES).flatMap((byStatus) => Object.values(byStatus));
    expect(new Set(codes).size).toBe(codes.length);
    for (const kind of Object.values(EMAILED_LINK_ERROR_CODES)) {
      expect(errorStatusOf(kind.invalid)).toBe(400);
      expect(errorStatusOf(kind.used)).toBe(410);
      expect(errorStatusOf(kind.expired)).toBe(410);
    }
  });
});

describe("hasErrorCode", () => {
  const failure = {
    errors: [
      { code: "invalid_input", message: "No" },
      { code: "out_of_stock", message: "No" },
    ],
  };

  it("finds a code in a failure or in its errors list", () => {
    expect(hasErrorCode(failure, "out_of_stock")).toBe(true);
    expect(hasErrorCode(failure.errors, "invalid_input")).toBe(true);
    expect(hasErrorCode(failure, "insufficient_stock")).toBe(false);
    expect(hasErrorCode(undefined, "out_of_stock")).toBe(false);
  });

  it("takes only catalogue codes", () => {
    expectTypeOf(hasErrorCode).parameter(1).toEqualTypeOf<ApiErrorCode>();
    // @ts-expect-error: a code the catalogue does not have is a type error.
    expect(hasErrorCode(failure, "out_of_stok")).toBe(false);
  });
});
