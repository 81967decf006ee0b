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
  },
} satisfies Config;
