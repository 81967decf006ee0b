import { useEffect } from "react";

/** React Router's manifest of this build, which the page's HTML sets; its version names the build. */
function clientVersion(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

/**
 * Rendered by the error boundary: when the route error it shows happened while the server runs a new version,
 * the page reloads once (new-version.ts). A warning in the console says what happened, for whoever reads it.
 */
export function ReloadOnNewVersion({ error }: { error: unknown }) {
  useEffect(() => {
    // Fetched only when an error page shows: most pages never load it.
    void import("./new-version").then(({ fetchServerVersion, reloadIfNewVersion }) =>
      reloadIfNewVersion({
        clientVersion: clientVersion(),
        fetchServerVersion: () => fetchServerVersion(),
        // Read through functions: in a browser that refuses storage even touching window.sessionStorage throws,
        // and reloadIfNewVersion takes a throw as "no reload".
        storage: {
          getItem: (key) => window.sessionStorage.getItem(key),
          setItem: (key, value) => window.sessionStorage.setItem(key, value),
        },
        now: () => Date.now(),
        reload: () => {
          console.warn("A new version of the shop is out: reloading the page.");
          window.location.reload();
        },
      }).then((outcome) => {
        if (outcome === "held") console.warn("A new version of the shop is out, but the page was reloaded moments ago: not again.");
      }),
    );
  }, [error]);
  return null;
}
