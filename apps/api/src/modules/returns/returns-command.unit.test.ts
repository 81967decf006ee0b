import { describe, expect, it } from "vitest";
import { parseReturnsArgs } from "./returns-command";

describe("the returns command's arguments", () => {
  it("reads each command", () => {
    expect(parseReturnsArgs(["list"])).toEqual({ name: "list", storeKey: "quire-demo", page: 1 });
    expect(parseReturnsArgs(["list", "--status", "received", "--page", "3", "--store", "other"])).toEqual({
      name: "list",
      storeKey: "other",
      page: 3,
      status: "received",
    });
    expect(parseReturnsArgs(["show", "rma-500001"])).toEqual({ name: "show", storeKey: "quire-demo", publicId: "RMA-500001" });
    expect(parseReturnsArgs(["receive", "RMA-500001"])).toMatchObject({ name: "receive", publicId: "RMA-500001" });
    expect(parseReturnsArgs(["approve", "RMA-500002"])).toMatchObject({ name: "approve", publicId: "RMA-500002" });
    expect(parseReturnsArgs(["reject", "RMA-500001", "--note", " Used copy "])).toMatchObject({ name: "reject", note: "Used copy" });
    expect(parseReturnsArgs([])).toEqual({ name: "help" });
    expect(parseReturnsArgs(["approve", "--help"])).toEqual({ name: "help" });
  });

  it("says what is wrong", () => {
    expect(() => parseReturnsArgs(["list", "--status", "lost"])).toThrow(/--status must be one of/);
    expect(() => parseReturnsArgs(["list", "--page", "0"])).toThrow(/--page/);
    expect(() => parseReturnsArgs(["reject", "RMA-500001"])).toThrow("reject needs --note <text>");
    expect(() => parseReturnsArgs(["reject", "RMA-500001", "--note", "x".repeat(501)])).toThrow(/at most 500/);
    expect(() => parseReturnsArgs(["approve", "QB-100001"])).toThrow(/return number such as RMA-500001/);
    expect(() => parseReturnsArgs(["refund", "RMA-500001"])).toThrow('Unknown command "refund"');
    expect(() => parseReturnsArgs(["show", "RMA-500001", "extra"])).toThrow("Unexpected arguments: extra");
    expect(() => parseReturnsArgs(["show", "RMA-500001", "--colour", "red"])).toThrow();
  });
});
