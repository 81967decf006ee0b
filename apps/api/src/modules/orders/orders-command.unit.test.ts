import { describe, expect, it } from "vitest";
import { parseOrdersArgs } from "./orders-command";

describe("the orders command's arguments", () => {
  it("reads each command", () => {
    expect(parseOrdersArgs(["list"])).toEqual({ name: "list", storeKey: "quire-demo" });
    expect(parseOrdersArgs(["list", "--status", "shipped", "--search", " ada ", "--before", "42", "--store", "other"])).toEqual({
      name: "list",
      storeKey: "other",
      status: "shipped",
      search: "ada",
      before: 42,
    });
    expect(parseOrdersArgs(["show", "qb-100001"])).toEqual({ name: "show", storeKey: "quire-demo", publicId: "QB-100001" });
    expect(parseOrdersArgs(["ship", "QB-100001", "--tracking", " RM1 "])).toMatchObject({ name: "ship", trackingReference: "RM1" });
    expect(parseOrdersArgs(["cancel", "QB-100001", "--reason", "phoned"])).toMatchObject({ name: "cancel", reason: "phoned" });
    expect(parseOrdersArgs(["confirm-transfer", "QB-100002"])).toEqual({
      name: "confirm-transfer",
      storeKey: "quire-demo",
      publicId: "QB-100002",
    });
    expect(parseOrdersArgs([])).toEqual({ name: "help" });
    expect(parseOrdersArgs(["ship", "--help"])).toEqual({ name: "help" });
  });

  it("says what is wrong", () => {
    expect(() => parseOrdersArgs(["list", "--status", "lost"])).toThrow(/--status must be one of/);
    expect(() => parseOrdersArgs(["list", "--before", "0"])).toThrow(/--before/);
    expect(() => parseOrdersArgs(["list", "--search", " "])).toThrow(/--search/);
    expect(() => parseOrdersArgs(["ship", "QB-100001"])).toThrow("ship needs --tracking <reference>");
    expect(() => parseOrdersArgs(["cancel", "QB-100001"])).toThrow("cancel needs --reason <text>");
    expect(() => parseOrdersArgs(["deliver", "100001"])).toThrow(/order number such as QB-100001/);
    expect(() => parseOrdersArgs(["refund", "QB-100001"])).toThrow('Unknown command "refund"');
    expect(() => parseOrdersArgs(["show", "QB-100001", "extra"])).toThrow("Unexpected arguments: extra");
    expect(() => parseOrdersArgs(["show", "QB-100001", "--colour", "red"])).toThrow();
  });
});
