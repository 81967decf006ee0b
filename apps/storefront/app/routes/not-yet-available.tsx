import { IdParamSchema } from "@quire/contracts";
import { useMatches } from "react-router";
import { z } from "zod";
import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { pageTitle } from "~/features/layout/meta";
import { notFound } from "~/lib/not-found.server";
import { ROUTE_ACCESS_BY_ID } from "~/lib/route-access";
import type { Route } from "./+types/not-yet-available";

/**
 * One honest page for every screen of spec section 2 whose feature arrives with a later issue. The route
 * id (routes.ts) says which screen this is. Access flags for these routes are in ROUTE_ACCESS_BY_ID.
 */
const SCREENS: Record<string, { title: string; description: string }> = {
  "blog-list": { title: "The blog", description: "Reading lists, gift ideas and news from the shop." },
  "blog-category": { title: "Blog category", description: "Blog posts on one theme." },
  "blog-tag": { title: "Blog tag", description: "Blog posts with one tag." },
  "blog-post": { title: "Blog post", description: "A post from the shop's blog." },
  "contact-us": { title: "Contact us", description: "Send us a message about an order, a gift idea or anything else." },
  "cookies-settings": { title: "Cookie settings", description: "Choose which optional cookies we may use for analytics and marketing." },
  "successful-order": { title: "Thank you for your order", description: "Confirmation of the order you have just placed." },
  "successful-order-detail": { title: "Thank you for your order", description: "Confirmation of the order you have just placed." },
  checkout: { title: "Checkout", description: "Your details, delivery, billing and payment, step by step." },
};

const UNKNOWN_SCREEN = { title: "Coming soon", description: "This part of the shop is still being built." };

/** Route params must look right even before their screen exists; anything else is a 404. */
const ParamsSchema = z
  .object({
    id: IdParamSchema.optional(),
    token: z
      .string()
      .regex(/^[A-Za-z0-9._~-]{8,512}$/)
      .optional(),
    category: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(200)
      .optional(),
    tag: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(200)
      .optional(),
    blog: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(200)
      .optional(),
  })
  .strict();

export function loader({ params, request }: Route.LoaderArgs) {
  if (!ParamsSchema.safeParse(params).success) throw notFound(request);
  return null;
}

function useScreenId(): string {
  return useMatches().at(-1)?.id ?? "";
}

export function meta({ matches }: Route.MetaArgs) {
  const id = matches.at(-1)?.id ?? "";
  return [{ title: pageTitle((SCREENS[id] ?? UNKNOWN_SCREEN).title, matches) }, { name: "robots", content: "noindex" }];
}

export default function NotYetAvailable() {
  const id = useScreenId();
  const screen = SCREENS[id] ?? UNKNOWN_SCREEN;
  const access = ROUTE_ACCESS_BY_ID[id];
  // Inside the account's layout, which already sets the page's column and its navigation.
  const inAccount = useMatches().some((match) => match.id === "layouts/account-layout");
  const content = (
    <div className="mx-auto max-w-xl text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon name="book" className="size-7" />
      </span>
      <h1 className="mt-6 text-title font-semibold tracking-tight">{screen.title}</h1>
      <p className="mt-4 text-lg text-ink-muted">{screen.description}</p>
      <p className="mt-4 rounded-card border border-line bg-surface px-4 py-3 text-ink">
        This page isn't open yet: we're still building it.
        {access?.requiredAuthentication
          ? access.checkIfAllowedForGuest
            ? " When it opens, you'll sign in or, where the shop allows it, continue as a guest."
            : " When it opens, you'll sign in to use it."
          : ""}
      </p>
      <ButtonLink to="/store" className="mt-8">
        Browse the shop
      </ButtonLink>
    </div>
  );
  return inAccount ? <div className="py-6">{content}</div> : <Container className="py-14 sm:py-20">{content}</Container>;
}
