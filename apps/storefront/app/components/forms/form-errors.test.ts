import { SignInBodySchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-intents.server";
import { fieldError, formErrors, formText } from "./form-errors";

describe("form errors", () => {
  it("turns the contract's validation issues into the API's error shape, one per field", () => {
    const form = new FormData();
    form.set("email", "nope");
    form.set("password", "");
    const parsed = parseForm(form, SignInBodySchema);
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
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
