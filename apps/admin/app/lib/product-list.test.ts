import { describe, expect, it } from "vitest";
import { productPageKeyOf, productSortOf } from "./product-list";

const at = (query: string) => new URL(`http://back-office.test/products?${query}`);

describe("the product list's address", () => {
  it("reads the order, newest first unless the address names one the API has", () => {
    expect(productSortOf(at(""))).toBe("newest");
    expect(productSortOf(at("sort=name_desc"))).toBe("name_desc");
    expect(productSortOf(at("sort=price"))).toBe("newest");
  });

  it("keeps the page key that suits the order, and drops one that does not", () => {
    expect(productPageKeyOf(at("before=41"), "newest")).toEqual({ before: "41" });
    expect(productPageKeyOf(at("after=41"), "newest")).toBeNull();
    expect(productPageKeyOf(at("before=0"), "newest")).toBeNull();
    expect(productPageKeyOf(at("before=2147483648"), "newest")).toBeNull();
    expect(productPageKeyOf(at("after=41"), "oldest")).toEqual({ after: "41" });
    expect(productPageKeyOf(at("before=41"), "oldest")).toBeNull();
    expect(productPageKeyOf(at(`after=${encodeURIComponent("41:The Ledger")}`), "oldest")).toBeNull();
    expect(productPageKeyOf(at(`after=${encodeURIComponent("41:The Ledger")}`), "name")).toEqual({ after: "41:The Ledger" });
    expect(productPageKeyOf(at(`after=${encodeURIComponent("41:The: Ledger")}`), "name_desc")).toEqual({ after: "41:The: Ledger" });
    expect(productPageKeyOf(at("after=41"), "name")).toBeNull();
    expect(productPageKeyOf(at("after=ledger"), "name")).toBeNull();
  });
});
