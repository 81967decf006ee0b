import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router's own origin check covers page routes only and answers a bare 400; the root's cross-site
  // middleware (app/lib/cross-site.server.ts) checks every route more strictly, so every host passes this one.
  allowedActionOrigins: ["**"],
  future: {
    v8_middleware: true,
    // As in the storefront: React Router 8's other changes come with React Router 8 (which needs Node 22).
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
