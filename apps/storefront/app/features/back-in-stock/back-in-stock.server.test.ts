import { BACK_IN_STOCK_TOKEN_EXPIRED, BACK_IN_STOCK_TOKEN_INVALID } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api.server";
import { linkProblemOf } from "./back-in-stock.server";

describe("linkProblemOf", () => {
  it("reads the API's refusal of a confirmation link", () => {
    expect(linkProblemOf(new ApiRequestError(410, [{ code: BACK_IN_STOCK_TOKEN_EXPIRED, message: "expired", field: "token" }]))).toBe(
      "expired",
    );
    expect(linkProblemOf(new ApiRequestError(400, [{ code: BACK_IN_STOCK_TOKEN_INVALID, message: "invalid", field: "token" }]))).toBe(
      "invalid",
    );
  });

  it("leaves every other failure to the caller", () => {
    expect(linkProblemOf(new ApiRequestError(400, [{ code: "invalid_input", message: "bad", field: "body.token" }]))).toBeNull();
    expect(linkProblemOf(new ApiRequestError(503, [{ code: "service_unavailable", message: "later" }]))).toBeNull();
    expect(linkProblemOf(new Error("network down"))).toBeNull();
  });
});
