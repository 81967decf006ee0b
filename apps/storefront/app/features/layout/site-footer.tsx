import { Container } from "~/components/ui/container";
import { NewsletterSignup } from "~/features/newsletter/newsletter-signup";
import { useInAppLinkClick } from "~/lib/in-app-links";
import { FEATURED_CATEGORY_LINKS, FOOTER_LINK_GROUPS, type NavLink } from "./navigation";
import { t } from "~/lib/i18n/messages/layout";

const footerLink = "inline-block py-1 text-on-night-muted underline-offset-3 hover:text-on-night hover:underline";

function LinkColumn({ title, links }: { title: string; links: readonly NavLink[] }) {
  // Plain anchors followed in the app by one handler (lib/in-app-links.ts): no <Link> per link to render.
  const followLink = useInAppLinkClick();
  return (
    <nav aria-label={title} onClick={followLink}>
      <h2 className="font-sans text-sm font-semibold tracking-wider text-on-night uppercase">{title}</h2>
      <ul className="mt-3 grid gap-1 text-[0.9375rem]">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={footerLink}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The default layout's footer: the featured categories and the help and shop links (navigation.ts). */
export function SiteFooter({ storeName }: { storeName: string }) {
  return (
    <footer className="on-night mt-auto bg-night text-on-night">
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 lg:col-span-1">
          {/* A heading, as it looks: it names the footer's part about the shop, beside the link columns' headings. */}
          <h2 className="font-serif text-2xl font-semibold text-on-night">{storeName}</h2>
          <p className="mt-3 max-w-xs text-[0.9375rem] text-on-night-muted">{t("layout.footer.about_shop")}</p>
          <div className="mt-8">
            <NewsletterSignup />
          </div>
        </div>
        <LinkColumn title={t("layout.footer.shop")} links={FEATURED_CATEGORY_LINKS} />
        {FOOTER_LINK_GROUPS.map((group) => (
          <LinkColumn key={group.title} title={group.title} links={group.links} />
        ))}
      </Container>
      <div className="border-t border-on-night/15">
        <Container className="flex flex-wrap items-center justify-between gap-2 py-5 text-sm text-on-night-muted">
          <p>{t("layout.footer.copyright", { year: new Date().getFullYear(), storeName })}</p>
        </Container>
      </div>
    </footer>
  );
}

/** The small footer of the simple and checkout layouts. */
export function SmallFooter({ storeName }: { storeName: string }) {
  const followLink = useInAppLinkClick();
  return (
    <footer className="mt-auto border-t border-line">
      <Container className="flex flex-wrap items-center justify-between gap-3 py-5 text-sm text-ink-muted">
        <p>{t("layout.footer.copyright", { year: new Date().getFullYear(), storeName })}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1" onClick={followLink}>
          {[
            { label: t("layout.footer.help"), href: "/support" },
            { label: t("layout.nav.withdraw"), href: "/withdraw" },
            { label: t("layout.footer.terms"), href: "/terms-and-conditions" },
            { label: t("layout.footer.privacy"), href: "/privacy-policy" },
            { label: t("layout.footer.cookies"), href: "/cookies-settings" },
            { label: t("layout.nav.accessibility"), href: "/accessibility" },
          ].map((link) => (
            <li key={link.href}>
              {/* At least 24 px tall, the smallest target WCAG 2.2 allows (2.5.8). */}
              <a href={link.href} className="inline-flex min-h-6 items-center underline-offset-3 hover:text-ink hover:underline">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </footer>
  );
}
