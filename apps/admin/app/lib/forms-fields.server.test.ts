import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiRequestError } from "./api.server";
import { errorsOfApi, handleForm } from "./forms.server";
import { refusalFor } from "./settings-refusal";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("a form of many fields, or many forms on a page", () => {
  it("puts the API's refused fields under the form's own names", () => {
    const refusal = new ApiRequestError(400, [
      { code: "settings_inconsistent", message: "Not sold", field: "body.defaultCurrencyCode" },
      { code: "invalid_input", message: "Too high", field: "body.ratePercent.standard" },
      { code: "currency_not_supported", message: "Not sold here", field: "body.prices" },
      { code: "last_owner", message: "The shop needs at least one active owner" },
    ]);
    expect(errorsOfApi(refusal, { "ratePercent.standard": "standard", prices: "price-GBP" })).toEqual({
      fields: { defaultCurrencyCode: "Not sold", standard: "Too high", "price-GBP": "Not sold here" },
      form: ["The shop needs at least one active owner"],
    });
  });

  it("checks the fields without the button's intent, so a contract's strict schema takes them", async () => {
    const answer = await handleForm(
      form({ intent: "invite", email: "a@example.com" }),
      z.object({ email: z.string() }).strict(),
      async (input) => input,
    );
    expect(answer).toEqual({ email: "a@example.com" });
  });

  it("answers a refusal only to the form that was sent", async () => {
    const answer = await handleForm(
      form({ intent: "rates", id: "FR", books: "x" }),
      z.object({ id: z.string(), books: z.coerce.number() }),
      async () => null,
    );
    const refusal = answer && "data" in answer ? answer.data : undefined;
    expect(refusalFor(refusal, "rates", "FR")?.errors.fields.books).toBeTruthy();
    expect(refusalFor(refusal, "rates", "DE")).toBeUndefined();
    expect(refusalFor(refusal, "remove", "FR")).toBeUndefined();
  });
});
