import { SignInBodySchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { fieldError, formErrors, formText, issuesToErrors } from "./form-errors";

describe("form errors", () => {
  it("turns the contract's validation issues into the API's error shape, one per field", () => {
    const parsed = SignInBodySchema.safeParse({ email: "nope", password: "" });
    expect(parsed.success).toBe(false);
    const errors = issuesToErrors(parsed.error!);
    expect(errors.map((error) => error.field).sort()).toEqual(["email", "password"]);
    expect(fieldError({ errors }, "password")).toBe("Enter your password");
  });

  it("puts errors without a shown field above the form", () => {
    const failure = {
      errors: [
        { code: "invalid_credentials", message: "The email or password is incorrect" },
        { code: "invalid_string", message: "Enter a valid email address", field: "email" },
        { code: "signup_token_invalid", message: "The link is not valid", field: "token" },
      ],
    };
    expect(formErrors(failure, ["email", "password"]).map((error) => error.code)).toEqual(["invalid_credentials", "signup_token_invalid"]);
    expect(fieldError(failure, "email")).toBe("Enter a valid email address");
    expect(fieldError(failure, "password")).toBeUndefined();
    expect(formErrors(undefined, ["email"])).toEqual([]);
  });

  it("reads text values, treating missing or file values as empty", () => {
    const form = new FormData();
    form.set("email", "a@b.test");
    form.set("upload", new Blob(["x"]), "x.txt");
    expect(formText(form, "email")).toBe("a@b.test");
    expect(formText(form, "upload")).toBe("");
    expect(formText(form, "missing")).toBe("");
  });
});
