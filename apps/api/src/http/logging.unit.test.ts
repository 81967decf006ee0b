import { describe, expect, it } from "vitest";
import { anonymiseAddress, redactUrl, serializeError } from "./logging";

describe("redactUrl", () => {
  it("hides the guest cart id of a merge", () => {
    expect(redactUrl("/baskets/Zm9vYmFyYmF6cXV4cXV1eHF1dXg/merge")).toBe("/baskets/[redacted]/merge");
  });

  it("hides secret query values and keeps the others", () => {
    expect(redactUrl("/baskets?anonymousId=Zm9vYmFyYmF6cXV4cXV1eHF1dXg&PageSize=5")).toBe("/baskets?anonymousId=[redacted]&PageSize=5");
    expect(redactUrl("/x?token=abc&Email=ada%40example.com")).toBe("/x?token=[redacted]&Email=[redacted]");
    expect(redactUrl("/x?AnonymousId%5B0%5D=abc")).toBe("/x?AnonymousId%5B0%5D=[redacted]");
  });

  it("keeps catalogue queries readable", () => {
    const url = "/products?CategorySlug=gift-books-for-her&Filters[0][Code]=format&Filters[0][Values][0]=hardback";
    expect(redactUrl(url)).toBe(url);
  });

  it("hides what a shopper searched for, in listings and suggestions alike", () => {
    expect(redactUrl("/products?SearchText=pregnancy%20test&PageSize=24")).toBe("/products?SearchText=[redacted]&PageSize=24");
    expect(redactUrl("/search/autocomplete?searchtext=ada")).toBe("/search/autocomplete?searchtext=[redacted]");
  });

  it("bounds what a very long URL writes", () => {
    expect(redactUrl(`/products?Sort=${"a".repeat(5000)}`).length).toBeLessThan(200);
    expect(redactUrl(`/${"a".repeat(5000)}`).length).toBeLessThan(320);
  });
});

describe("anonymiseAddress", () => {
  it("keeps the network of an IPv4 address", () => {
    expect(anonymiseAddress("203.0.113.77")).toBe("203.0.113.0/24");
    expect(anonymiseAddress("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
  });

  it("keeps the /48 of an IPv6 address", () => {
    expect(anonymiseAddress("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
    expect(anonymiseAddress("::1")).toBe("0:0:0::/48");
  });

  it("drops what is not an address", () => {
    expect(anonymiseAddress("not an address")).toBeUndefined();
    expect(anonymiseAddress(undefined)).toBeUndefined();
  });
});

describe("serializeError", () => {
  it("keeps a failed query's SQL but not its parameters, nor the database's detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "customers_email_unique"'), {
      code: "23505",
      detail: "Key (email)=(ada@example.com) already exists.",
      constraint: "customers_email_unique",
      table: "customers",
    });
    const failed = Object.assign(new Error("Failed query: insert into customers (email) values ($1)\nparams: ada@example.com"), {
      name: "DrizzleQueryError",
      query: "insert into customers (email) values ($1)",
      params: ["ada@example.com"],
      cause,
    });
    failed.name = "DrizzleQueryError";
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).not.toContain("ada@example.com");
    expect(logged).toContain("insert into customers (email) values ($1)");
    expect(serializeError(failed).cause).toMatchObject({ code: "23505", constraint: "customers_email_unique", table: "customers" });
  });

  it("drops quoted input from a database message", () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "Ada Lovelace"'), { code: "22P02" });
    expect(serializeError(error).message).toBe('invalid input syntax for type integer: "…"');
  });

  it("keeps ordinary errors as they are, with their stack frames", () => {
    const serialized = serializeError(new TypeError("x is not a function"));
    expect(serialized).toMatchObject({ type: "TypeError", message: "x is not a function" });
    expect(serialized.stack).toMatch(/^TypeError: x is not a function\n\s+at /);
  });
});
