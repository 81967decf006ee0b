// Every table, for drizzle-kit and for typed queries. Tables live beside the module that owns them.
export * from "../modules/stores/stores.tables";
export * from "../modules/catalog/catalog.tables";
export * from "../modules/content/content.tables";
