import { notFound } from "~/lib/not-found.server";
import type { Route } from "./+types/not-found";

/** Every unmatched URL: 404 'Page Not Found: {path}', shown by the root error page. */
export function loader({ request }: Route.LoaderArgs): never {
  throw notFound(request);
}

export function action({ request }: Route.ActionArgs): never {
  throw notFound(request);
}

/** Never rendered: the loader always throws. */
export default function NotFound() {
  return null;
}
