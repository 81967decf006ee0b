import { IdParamSchema, WishlistNameSchema } from "@quire/contracts";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { dispatchIntent, formValues, intent, parseForm } from "./form-intents.server";

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** What `data()` carried, as a route's caller would read it. */
function answerOf(result: unknown): { status: number | undefined; body: unknown } {
  const answer = result as { data: unknown; init: ResponseInit | null };
  return { status: answer.init?.status, body: answer.data };
}

const RenameSchema = z.object({ wishlistId: IdParamSchema, name: WishlistNameSchema });
const RemoveSchema = z.object({ itemIds: z.array(IdParamSchema).min(1) });

describe("reading a form with its schema", () => {
  it("reads the schema's fields only, a list field as every value and an empty field as typed", () => {
    const form = formOf([
      ["wishlistId", "7"],
      ["name", ""],
      ["intent", "rename"],
      ["itemIds", "1"],
      ["itemIds", "2"],
    ]);
    expect(formValues(form, RenameSchema.shape)).toEqual({ wishlistId: "7", name: "" });
    expect(formValues(form, RemoveSchema.shape)).toEqual({ itemIds: ["1", "2"] });
    expect(formValues(new FormData(), RemoveSchema.shape)).toEqual({ itemIds: [] });
  });

  it("sees a list field behind an optional, a default or a pipe", () => {
    const shape = {
      a: z.array(z.string()).optional(),
      b: z.array(z.string()).default([]),
      c: z.array(z.string()).pipe(z.array(z.string())),
    };
    expect(
      formValues(
        formOf([
          ["a", "1"],
          ["b", "2"],
          ["c", "3"],
        ]),
        shape,
      ),
    ).toEqual({ a: ["1"], b: ["2"], c: ["3"] });
  });

  it("answers typed values, coerced by the contract's schemas", () => {
    const parsed = parseForm(
      formOf([
        ["wishlistId", "7"],
        ["name", " Summer reads "],
      ]),
      RenameSchema,
    );
    expect(parsed).toEqual({ ok: true, value: { wishlistId: 7, name: expect.stringContaining("Summer reads") } });
  });

  it("lets a strict contract schema read a form that posts fields of its own", () => {
    const parsed = parseForm(
      formOf([
        ["wishlistId", "7"],
        ["intent", "delete"],
        ["respond", "fetcher"],
      ]),
      z.strictObject({ wishlistId: IdParamSchema }),
    );
    expect(parsed).toEqual({ ok: true, value: { wishlistId: 7 } });
  });

  it("names each refused field, with the invalid_input code", () => {
    const parsed = parseForm(formOf([["wishlistId", "x"]]), RenameSchema);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((error) => [error.code, error.field])).toEqual([
      ["invalid_input", "wishlistId"],
      ["invalid_input", "name"],
    ]);
  });
});

describe("dispatching on a form's intent", () => {
  const intents = () => {
    const rename = vi.fn((values: z.output<typeof RenameSchema>) => ({ renamed: values }));
    const remove = vi.fn((values: z.output<typeof RemoveSchema>) => ({ removed: values.itemIds }));
    return {
      rename,
      remove,
      map: { rename: intent({ schema: RenameSchema, run: rename }), "remove-items": intent({ schema: RemoveSchema, run: remove }) },
    };
  };

  it("runs the named intent's handler with its typed values", async () => {
    const { map, rename, remove } = intents();
    const answer = await dispatchIntent(
      formOf([
        ["intent", "rename"],
        ["wishlistId", "3"],
        ["name", "Gifts"],
      ]),
      map,
    );
    expect(answer).toEqual({ renamed: { wishlistId: 3, name: "Gifts" } });
    expect(rename).toHaveBeenCalledOnce();
    expect(remove).not.toHaveBeenCalled();
    expectTypeOf(rename.mock.calls[0]![0].wishlistId).toEqualTypeOf<number>();
  });

  it("answers 400 unknown_intent for an intent the page does not declare, and runs nothing", async () => {
    const { map, rename, remove } = intents();
    for (const name of ["delete", "toString", "__proto__", ""]) {
      const answer = answerOf(
        await dispatchIntent(
          formOf([
            ["intent", name],
            ["wishlistId", "3"],
          ]),
          map,
        ),
      );
      expect(answer, name).toEqual({ status: 400, body: { errors: [{ code: "unknown_intent", message: expect.any(String) }] } });
    }
    expect(rename).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it("answers 400 unknown_intent for a form without an intent", async () => {
    const { map, rename } = intents();
    const answer = answerOf(
      await dispatchIntent(
        formOf([
          ["wishlistId", "3"],
          ["name", "Gifts"],
        ]),
        map,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ code: "unknown_intent", message: expect.any(String) }] });
    expect(rename).not.toHaveBeenCalled();
  });

  it("answers 400 with the field errors and the intent for invalid fields, and runs nothing", async () => {
    const { map, remove } = intents();
    const answer = answerOf(
      await dispatchIntent(
        formOf([
          ["intent", "remove-items"],
          ["itemIds", "0"],
        ]),
        map,
      ),
    );
    expect(answer).toEqual({
      status: 400,
      body: { intent: "remove-items", errors: [{ code: "invalid_input", field: "itemIds", message: expect.any(String) }] },
    });
    expect(remove).not.toHaveBeenCalled();
  });

  it("lets an intent answer refused fields its own way", async () => {
    const answer = await dispatchIntent(formOf([["intent", "rename"]]), {
      rename: intent({ schema: RenameSchema, run: () => "renamed", invalid: (errors) => `refused ${errors.length}` }),
    });
    expect(answer).toBe("refused 2");
  });
});
