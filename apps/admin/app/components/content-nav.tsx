import { NavLink } from "react-router";

const PARTS = [
  { to: "/content", label: "Pages", end: true },
  { to: "/content/menus", label: "Menus" },
  { to: "/content/redirects", label: "Redirects" },
  { to: "/content/blog", label: "Blog posts", end: true },
  { to: "/content/blog/categories", label: "Blog categories" },
] as const;

/** The content section's own parts, under its heading. */
export function ContentNav() {
  return (
    <nav aria-label="Content" className="mb-4">
      <ul className="flex flex-wrap gap-1 border-b border-zinc-200">
        {PARTS.map((part) => (
          <li key={part.to}>
            <NavLink
              to={part.to}
              end={"end" in part}
              className={({ isActive }) =>
                `-mb-px block border-b-2 px-3 py-2 text-sm no-underline hover:no-underline ${isActive ? "border-accent-600 font-semibold text-zinc-900" : "border-transparent text-zinc-700 hover:text-zinc-900"}`
              }
            >
              {part.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
