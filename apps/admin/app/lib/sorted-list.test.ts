import { AdminCustomerPageKeySchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { pageKeyOf, sortedListLinks, sortOf } from "./sorted-list";

const at = (query: string) => new URL(`http://back-office.test/customers?${query}`);
const readKey = (key: string) => AdminCustomerPageKeySchema.safeParse(key);
const SORTS = ["newest", "oldest", "email"] as const;

describe("a sorted list's address", () => {
  it("reads the order, the first unless the address names another the list has", () => {
    expect(sortOf(at(""), SORTS)).toBe("newest");
    expect(sortOf(at("sort=email"), SORTS)).toBe("email");
    expect(sortOf(at("sort=name"), SORTS)).toBe("newest");
  });

  it("keeps the page key that suits the order, and drops one that does not", () => {
    expect(pageKeyOf(at("before=41"), "newest", ["email"], readKey)).toEqual({ before: "41" });
    expect(pageKeyOf(at("after=41"), "newest", ["email"], readKey)).toBeNull();
    expect(pageKeyOf(at("before=0"), "newest", ["email"], readKey)).toBeNull();
    expect(pageKeyOf(at("after=41"), "oldest", ["email"], readKey)).toEqual({ after: "41" });
    expect(pageKeyOf(at(`after=${encodeURIComponent("41:a@b.example")}`), "oldest", ["email"], readKey)).toBeNull();
    expect(pageKeyOf(at(`after=${encodeURIComponent("41:a@b.example")}`), "email", ["email"], readKey)).toEqual({
      after: "41:a@b.example",
    });
    expect(pageKeyOf(at("after=41"), "email", ["email"], readKey)).toBeNull();
    expect(pageKeyOf(at("after=mary"), "email", ["email"], readKey)).toBeNull();
  });

  it("links the next page with the answer's key and the first without one, keeping the filters", () => {
    expect(sortedListLinks(at("q=ada&sort=email&after=3%3Aa%40b"), { nextBefore: null, nextAfter: "9:c@d" }, false)).toEqual({
      next: "?q=ada&sort=email&after=9%3Ac%40d",
      first: "?q=ada&sort=email",
    });
    expect(sortedListLinks(at("q=ada"), { nextBefore: 12, nextAfter: null }, true)).toEqual({ next: "?q=ada&before=12", first: null });
    expect(sortedListLinks(at("q=ada"), { nextBefore: null, nextAfter: null }, true)).toEqual({ next: null, first: null });
  });
});
