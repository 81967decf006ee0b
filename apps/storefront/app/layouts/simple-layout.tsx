import { Outlet } from "react-router";
import { Container } from "~/components/ui/container";
import { Logo } from "~/components/ui/logo";
import { useRootData } from "~/features/layout/root-data";
import { FALLBACK_STORE_NAME } from "~/lib/store-name";
import { SmallFooter } from "~/features/layout/site-footer";
import { MAIN_CONTENT_ID, SkipLink } from "~/features/layout/skip-link";

/** The sign-in page's layout: logo, the page centred, a small footer. */
export default function SimpleLayout() {
  const storeName = useRootData()?.settings.name ?? FALLBACK_STORE_NAME;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-line">
        <Container className="flex h-16 items-center justify-center md:h-20">
          <Logo storeName={storeName} />
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-10 outline-none sm:py-16">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
      <SmallFooter storeName={storeName} />
    </div>
  );
}
