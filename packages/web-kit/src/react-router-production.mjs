// A module resolution hook for the storefront's and the back office's servers (each server.mjs registers it with
// node:module's `register`).
//
// React Router ships two builds of itself, dist/development and dist/production, which differ in that the first
// checks and warns about the app's mistakes as it runs. Its package's exports name only the development build, so
// Node would load that one in production too. This hook answers the production file for every import that resolves
// into dist/development: the app's server build and @react-router/express, which each import "react-router", then
// share the one production copy (two copies would not share their classes or contexts).

const DEVELOPMENT_BUILD = "/node_modules/react-router/dist/development/";
const PRODUCTION_BUILD = "/node_modules/react-router/dist/production/";

/** Node's resolve hook: the next resolver's answer, moved from React Router's development build to its production one. */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.includes(DEVELOPMENT_BUILD)) return resolved;
  return { ...resolved, url: resolved.url.replace(DEVELOPMENT_BUILD, PRODUCTION_BUILD) };
}
