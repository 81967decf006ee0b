import { Outlet } from "react-router";
import { useRootData } from "~/features/layout/root-data";
import { SiteShell } from "~/features/layout/site-shell";

/** Header, page, footer: the layout of every shop page. */
export default function DefaultLayout() {
  return (
    <SiteShell data={useRootData()}>
      <Outlet />
    </SiteShell>
  );
}
