import { Form, Link, NavLink, useLocation } from "react-router";
import { pagePathOf } from "~/lib/page-path";
import { Icon } from "~/components/ui/icon";
import { REDIRECT_PARAM, SIGN_IN_PATH } from "~/lib/auth-redirects";
import { t } from "~/lib/i18n/messages/layout";

export interface SignedInCustomer {
  firstName: string;
  lastName: string;
  email: string;
}

const trigger =
  "inline-flex size-11 items-center justify-center gap-2 rounded-control text-ink hover:bg-ink/5 aria-[current=page]:text-accent xl:w-auto xl:px-3";
const item = "flex min-h-11 w-full items-center gap-3 rounded-control px-3 text-left text-sm font-medium text-ink hover:bg-sunk";

/** The sign-in link back to this page (home needs no redirect_url; auth pages keep their own). */
function useSignInHref(): string {
  const location = useLocation();
  if (location.pathname === "/" || location.pathname.startsWith("/auth/")) return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: pagePathOf(location) })}`;
}

/**
 * The header's account area: "Sign in" for visitors; for a signed-in customer their name, opening a menu
 * (a <details> disclosure, so it works without JavaScript) with their account pages and sign-out, which
 * posts to /auth/logout.
 */
export function AccountMenu({ customer }: { customer: SignedInCustomer | null }) {
  const signInHref = useSignInHref();
  if (!customer) {
    return (
      <NavLink to={signInHref} className={trigger}>
        <Icon name="user" className="size-6" />
        <span className="sr-only xl:not-sr-only xl:text-sm xl:font-medium">{t("layout.account_menu.sign_in")}</span>
      </NavLink>
    );
  }

  const name = customer.firstName || customer.email;
  return (
    <details className="group/account relative">
      <summary className={trigger}>
        <Icon name="user" className="size-6" />
        <span className="sr-only xl:not-sr-only xl:max-w-40 xl:truncate xl:text-sm xl:font-medium">
          <span className="sr-only">{t("layout.account_menu.label_prefix")}</span>
          {name}
        </span>
        <Icon name="chevron-down" className="hidden size-4 text-ink-muted transition-transform group-open/account:rotate-180 xl:block" />
      </summary>
      <div className="absolute right-0 top-full z-(--z-menu) mt-2 w-64 rounded-card border border-line bg-surface p-2 shadow-xl">
        <p className="px-3 pt-2 pb-3 text-sm">
          <span className="block font-semibold text-ink">
            {customer.firstName} {customer.lastName}
          </span>
          <span className="block truncate text-ink-muted">{customer.email}</span>
        </p>
        <ul className="grid gap-0.5 border-t border-line pt-2">
          <li>
            <Link to="/account/orders" className={item}>
              {t("layout.account_menu.orders")}
            </Link>
          </li>
          <li>
            <Link to="/favorites" className={item}>
              {t("layout.favourites")}
            </Link>
          </li>
          <li>
            <Link to="/account/settings" className={item}>
              {t("layout.account_menu.settings")}
            </Link>
          </li>
          <li>
            <Form method="post" action="/auth/logout">
              <button type="submit" className={item}>
                <Icon name="arrow-right" className="size-4 text-ink-muted" />
                {t("layout.account_menu.sign_out")}
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
