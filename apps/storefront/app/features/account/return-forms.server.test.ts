import { MAX_RETURN_COMMENT_LENGTH } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-intents.server";
import { ReturnItemsFormSchema } from "./return-forms.server";

const posted = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

describe("ReturnItemsFormSchema", () => {
  it("reads the reason, the resolution, the comment and the form's key", () => {
    const key = "0f3c9a52-6d7e-4b1a-9e8f-2a1b3c4d5e6f";
    expect(
      parseForm(posted({ reason: "damaged", resolution: "refund", comment: "  Torn  ", idempotencyKey: key }), ReturnItemsFormSchema),
    ).toEqual({
      ok: true,
      value: { reason: "damaged", resolution: "refund", comment: "Torn", idempotencyKey: key },
    });
  });

  it("asks for a reason and a resolution in the customer's words", () => {
    const parsed = parseForm(posted({ reason: "", comment: "" }), ReturnItemsFormSchema);
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { code: "invalid_input", field: "reason", message: "Choose why you are sending the items back." },
        { code: "invalid_input", field: "resolution", message: "Choose what you would like instead." },
      ],
    });
  });

  it("keeps the comment's lines and refuses one too long", () => {
    const choices = { reason: "changed_mind", resolution: "store_credit" };
    const multiline = parseForm(posted({ ...choices, comment: "First line\nsecond line\nthird" }), ReturnItemsFormSchema);
    expect(multiline.ok && multiline.value.comment).toBe("First line\nsecond line\nthird");
    const long = parseForm(posted({ ...choices, comment: "a".repeat(MAX_RETURN_COMMENT_LENGTH + 1) }), ReturnItemsFormSchema);
    expect(long.ok).toBe(false);
    expect(!long.ok && long.errors.map((error) => error.field)).toEqual(["comment"]);
  });

  it("takes a form without a comment, and sends no key when the posted one is mangled", () => {
    const parsed = parseForm(posted({ reason: "damaged", resolution: "exchange", idempotencyKey: "short" }), ReturnItemsFormSchema);
    expect(parsed).toEqual({ ok: true, value: { reason: "damaged", resolution: "exchange", comment: "", idempotencyKey: undefined } });
  });
});
