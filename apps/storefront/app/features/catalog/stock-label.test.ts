import { describe, expect, it } from "vitest";
import { getStockLabel } from "./stock-label";

describe("getStockLabel", () => {
  it("says nothing under None, or when the API sends no stock", () => {
    expect(getStockLabel({ status: "InStock", quantity: 12 }, "None")).toBeNull();
    expect(getStockLabel(null, "AvailableQuantity")).toBeNull();
  });

  it("gives the count under AvailableQuantity", () => {
    expect(getStockLabel({ status: "InStock", quantity: 12 }, "AvailableQuantity")).toEqual({ tone: "in", text: "12 in stock" });
    expect(getStockLabel({ status: "LowStock", quantity: 3 }, "AvailableQuantity")).toEqual({ tone: "low", text: "Only 3 left" });
    expect(getStockLabel({ status: "OutOfStock", quantity: 0 }, "AvailableQuantity")).toEqual({ tone: "out", text: "Out of stock" });
    expect(getStockLabel({ status: "InStock", quantity: 0 }, "AvailableQuantity")).toEqual({ tone: "out", text: "Out of stock" });
  });

  it("only says in or out of stock under InStock, never a count or low stock", () => {
    expect(getStockLabel({ status: "InStock" }, "InStock")).toEqual({ tone: "in", text: "In stock" });
    expect(getStockLabel({ status: "InStock", quantity: 12 }, "InStock")).toEqual({ tone: "in", text: "In stock" });
    expect(getStockLabel({ status: "LowStock", quantity: 2 }, "InStock")).toEqual({ tone: "in", text: "In stock" });
    expect(getStockLabel({ status: "OutOfStock" }, "InStock")).toEqual({ tone: "out", text: "Out of stock" });
  });

  it("warns of low stock under LowStockAlert", () => {
    expect(getStockLabel({ status: "InStock" }, "LowStockAlert")).toEqual({ tone: "in", text: "In stock" });
    expect(getStockLabel({ status: "LowStock" }, "LowStockAlert")).toEqual({ tone: "low", text: "Low stock" });
    expect(getStockLabel({ status: "LowStock", quantity: 3 }, "LowStockAlert")).toEqual({ tone: "low", text: "Only 3 left" });
    expect(getStockLabel({ status: "OutOfStock" }, "LowStockAlert")).toEqual({ tone: "out", text: "Out of stock" });
  });
});
