import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from "./client-address.server";

const requestWith = (value?: string) =>
  new Request("http://shop.test/", { headers: value === undefined ? {} : { [CLIENT_ADDRESS_HEADER]: value } });

describe("clientAddressOf", () => {
  it("reads IPv4 and IPv6 addresses recorded by the server", () => {
    expect(clientAddressOf(requestWith("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddressOf(requestWith("::ffff:203.0.113.7"))).toBe("::ffff:203.0.113.7");
    expect(clientAddressOf(requestWith("2001:db8::1"))).toBe("2001:db8::1");
  });

  it("ignores a missing or malformed value", () => {
    expect(clientAddressOf(requestWith())).toBeUndefined();
    expect(clientAddressOf(requestWith(""))).toBeUndefined();
    expect(clientAddressOf(requestWith("1.2.3.4, 5.6.7.8"))).toBeUndefined();
    expect(clientAddressOf(requestWith("<script>"))).toBeUndefined();
  });
});
