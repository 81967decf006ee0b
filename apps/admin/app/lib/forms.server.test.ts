import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiRequestError } from "./api.server";
import { errorsOfApi, formValues, handleForm } from "./forms.server";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("a back-office form", () => {
  it("keeps the first value of each field as text", () => {
    const data = form({ a: "1" });
    data.append("a", "2");
    data.append("file", new Blob(["x"]), "x.txt");
    expect(formValues(data)).toEqual({ a: "1" });
  });

  it("answers the schema's problems beside their fields, with what was typed, and does not act", async () => {
    let acted = false;
    const answer = await handleForm(
      form({ email: "not an email", note: "kept" }),
      z.object({ email: z.email("Enter an email") }),
      async () => {
        acted = true;
      },
    );
    expect(acted).toBe(false);
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { errors: { fields: { email: "Enter an email" } }, values: { email: "not an email", note: "kept" } },
    });
  });

  it("answers an API refusal with its status, a field's error beside it and the others above the form", async () => {
    const refusal = new ApiRequestError(422, [
      { code: "refund_amount_too_high", message: "More than is left to refund", field: "body.amount.amount" },
      { code: "job_not_failed", message: "This order cannot be refunded now" },
    ]);
    const answer = await handleForm(form({ amount: "5" }), z.object({ amount: z.string() }), async () => {
      throw refusal;
    });
    expect(answer).toMatchObject({
      init: { status: 422 },
      data: { errors: { fields: { amount: "More than is left to refund" }, form: ["This order cannot be refunded now"] } },
    });
  });

  it("lets a redirect and an unexpected failure through", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    await expect(handleForm(form({}), z.object({}), async () => Promise.reject(redirect))).rejects.toBe(redirect);
    await expect(handleForm(form({}), z.object({}), async () => Promise.reject(new ApiRequestError(500, [])))).rejects.toBeInstanceOf(
      ApiRequestError,
    );
  });

  it("shows an API refusal with no errors listed as its message", () => {
    expect(errorsOfApi(new ApiRequestError(409, []))).toEqual({ fields: {}, form: ["API answered 409"] });
  });
});
