import { describe, expect, it } from "vitest";
import { cardOutcome, passesLuhn, TEST_CARDS } from "./test-cards";

describe("the sandbox's test cards", () => {
  it("are valid card numbers, each with its documented outcome", () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number), card.number).toBe(true);
    expect(cardOutcome("4242 4242 4242 4242")).toEqual({ kind: "approved" });
    expect(cardOutcome("4000-0000-0000-0002")).toMatchObject({ kind: "declined", code: "card_declined" });
    expect(cardOutcome("4000000000009995")).toMatchObject({ kind: "declined", code: "insufficient_funds" });
    expect(cardOutcome("4000000000003220")).toEqual({ kind: "challenge" });
  });

  it("approve any other valid number and refuse an invalid one", () => {
    expect(cardOutcome("4012888888881881")).toEqual({ kind: "approved" });
    expect(cardOutcome("4242424242424241")).toBeNull();
    expect(cardOutcome("4242")).toBeNull();
    expect(cardOutcome("not a card")).toBeNull();
  });
});
