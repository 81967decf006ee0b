import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router's own origin check covers page routes only and answers a bare 400 before any middleware.
  // Every host passes it, because the root's cross-site middleware (app/lib/cross-site.server.tsx) checks
  // every route, resource routes too, more strictly (Sec-Fetch-Site first), and answers the error page.
  allowedActionOrigins: ["**"],
  future: {
    v8_middleware: true,
    // React Router 8's other changes are taken with React Router 8 itself, which needs Node 22.22 or newer
    // (Quire supports Node 20, decision 015): each changes how routes are split, built, handled or addressed,
    // so each comes with that move and its tests. Said here, so the build does not warn about them each time.
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
