export * from "./common";
export * from "./store-settings";
export * from "./catalog";
export * from "./content";
