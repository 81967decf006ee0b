export * from "./money";
export * from "./format";
