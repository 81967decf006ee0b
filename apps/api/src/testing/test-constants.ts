// Values shared by tests and factories. Kept apart from test-api.ts (which imports vitest) so that code the
// demo seed bundles, such as the factories, never pulls the test runner into the production build.

export const TEST_API_KEY = "test-api-key-123";
export const TEST_TOKEN_SECRET = "test-token-secret-with-at-least-32-characters";
/** The request headers every call carries, for the factories' default store ("test-store"). */
export const TEST_HEADERS = { "api-key": TEST_API_KEY, storekey: "test-store" };
