import type { ReactNode } from "react";
import type { RootData } from "./root-data";
import { FALLBACK_STORE_NAME } from "~/lib/store-name";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

/** The default layout's chrome around a page; also wraps the error page. */
export function SiteShell({ data, children }: { data: RootData | undefined; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader data={data} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter storeName={data?.settings.name ?? FALLBACK_STORE_NAME} />
    </div>
  );
}
