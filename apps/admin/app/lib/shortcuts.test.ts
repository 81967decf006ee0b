import { describe, expect, it } from "vitest";
import { sectionKeys, shortcutFor } from "./shortcuts";

const OWNER_SECTIONS = [
  { to: "/", label: "Home" },
  { to: "/orders", label: "Orders" },
  { to: "/products", label: "Products" },
  { to: "/product-types", label: "Product types" },
  { to: "/account", label: "Your account" },
];

describe("the back office's shortcuts", () => {
  const keys = sectionKeys(OWNER_SECTIONS);

  it("gives each section with a letter its pair, in the navigation's order, and none to the others", () => {
    expect(keys.map(({ key, section }) => `${key} ${section.label}`)).toEqual(["h Home", "o Orders", "p Products"]);
  });

  it("offers only the sections the member's role shows", () => {
    const fulfilment = sectionKeys([
      { to: "/", label: "Home" },
      { to: "/orders", label: "Orders" },
    ]);
    expect(shortcutFor("p", true, fulfilment)).toBeNull();
    expect(shortcutFor("o", true, fulfilment)).toEqual({ kind: "go", to: "/orders" });
  });

  it("goes to a section with g then its letter, and does nothing for another letter or a letter alone", () => {
    expect(shortcutFor("g", false, keys)).toEqual({ kind: "await-pair" });
    expect(shortcutFor("p", true, keys)).toEqual({ kind: "go", to: "/products" });
    expect(shortcutFor("x", true, keys)).toBeNull();
    expect(shortcutFor("p", false, keys)).toBeNull();
    expect(shortcutFor("P", true, keys)).toBeNull();
  });

  it("searches with / and lists the shortcuts with ?", () => {
    expect(shortcutFor("/", false, keys)).toEqual({ kind: "search" });
    expect(shortcutFor("?", false, keys)).toEqual({ kind: "help" });
  });
});
