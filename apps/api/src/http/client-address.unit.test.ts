import { describe, expect, it } from "vitest";
import { normaliseAddress } from "./client-address";

describe("normaliseAddress", () => {
  it("accepts IPv4 and IPv6 addresses, writing IPv4-mapped IPv6 as IPv4", () => {
    expect(normaliseAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(normaliseAddress("2001:DB8::1")).toBe("2001:db8::1");
    expect(normaliseAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("refuses anything else", () => {
    for (const value of ["", "junk", "203.0.113.7, 198.51.100.1", "203.0.113.256", "1".repeat(2000), "203.0.113.7:8080", undefined]) {
      expect(normaliseAddress(value), String(value).slice(0, 30)).toBeNull();
    }
  });
});
