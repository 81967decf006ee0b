export * from "./common";
export * from "./store-settings";
export * from "./catalog";
export * from "./content";
export * from "./identity";
export * from "./cart";
export * from "./wishlists";
export * from "./engagement";
