import { type Permission, ROLE_PERMISSIONS } from "@quire/contracts/constants";
import { Form, NavLink, Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { KeyboardShortcuts } from "~/components/keyboard-shortcuts";
import { FlashMessage } from "~/components/ui";
import { setShopTimeZone } from "~/lib/format";
import type { Route } from "./+types/back-office";
import { currentStaff } from "~/lib/auth.server";
import { apiContext, staffContext } from "~/lib/context.server";

/** Every page in this frame needs a signed-in member: the middleware finds them, or sends the person to sign in. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const api = context.get(apiContext);
    context.set(staffContext, await currentStaff(request, () => api.call("getCurrentStaff")));
  },
];

/** The back office's sections, each shown only to a role whose permissions allow it (the API enforces the same table). */
const SECTIONS: readonly { to: string; label: string; permission?: Permission }[] = [
  { to: "/", label: "Home" },
  { to: "/orders", label: "Orders", permission: "orders" },
  { to: "/refunds", label: "Refunds", permission: "orders" },
  { to: "/returns", label: "Returns", permission: "returns" },
  { to: "/withdrawals", label: "Withdrawals", permission: "returns" },
  { to: "/stock", label: "Stock", permission: "stock" },
  { to: "/products", label: "Products", permission: "catalogue" },
  { to: "/categories", label: "Categories", permission: "catalogue" },
  { to: "/attributes", label: "Attributes", permission: "catalogue" },
  { to: "/product-types", label: "Product types", permission: "catalogue" },
  { to: "/discounts", label: "Discounts", permission: "discounts" },
  { to: "/customers", label: "Customers", permission: "customers" },
  { to: "/content", label: "Content", permission: "content" },
  { to: "/settings", label: "Settings", permission: "settings" },
  { to: "/staff", label: "Staff", permission: "staff" },
  { to: "/audit-log", label: "Audit log", permission: "audit" },
  { to: "/account", label: "Your account" },
];

export function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const allowed = ROLE_PERMISSIONS[staff.role];
  return {
    staff: { name: staff.name, email: staff.email, role: staff.role },
    timeZone: staff.shopTimeZone,
    sections: SECTIONS.filter((section) => !section.permission || allowed.includes(section.permission)),
  };
}

export default function BackOffice() {
  const { staff, sections, timeZone } = useLoaderData<typeof loader>();
  // Before the pages below render: they show their times in the shop's zone (lib/format.ts).
  setShopTimeZone(timeZone);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="min-h-screen md:grid md:grid-cols-[14rem_1fr]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      {/* At 1280 px a column on the left; on a phone a bar whose sections scroll sideways, so the page starts near the top. */}
      <header className="flex flex-col border-b border-zinc-200 bg-white md:min-h-screen md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 md:block md:p-4">
          <p className="font-semibold md:text-lg">
            Quire <span className="font-normal text-zinc-600">back office</span>
          </p>
          <Form method="post" action="/sign-out" className="md:hidden">
            <button type="submit" className="text-sm text-accent-700 underline">
              Sign out
            </button>
          </Form>
        </div>
        <nav aria-label="Back office" className="relative overflow-x-auto">
          <ul className="flex gap-1 px-2 pb-2 whitespace-nowrap md:flex-col md:whitespace-normal">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.to === "/"}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm no-underline hover:bg-zinc-100 hover:no-underline ${isActive ? "bg-zinc-100 font-semibold text-zinc-900" : "text-zinc-800"}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden border-t border-zinc-200 p-4 text-sm md:block">
          <p className="font-medium">{staff.name}</p>
          <p className="break-all text-zinc-600">{staff.email}</p>
          <p className="text-zinc-600">Role: {staff.role}</p>
          <Form method="post" action="/sign-out" className="mt-2">
            <button type="submit" className="text-accent-700 underline">
              Sign out
            </button>
          </Form>
          <div className="mt-2">
            <KeyboardShortcuts sections={sections} />
          </div>
        </div>
      </header>
      <main id="main" className="p-4 md:p-8">
        <FlashMessage message={root?.flash} />
        <Outlet />
      </main>
    </div>
  );
}
