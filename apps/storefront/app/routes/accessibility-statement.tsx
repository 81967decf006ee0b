import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { FormNotice } from "~/components/forms/form-alert";
import { contactFormPath } from "~/features/contact/contact-subjects";
import { pageTitle, storeNameFrom } from "~/features/layout/meta";
import { useRootData } from "~/features/layout/root-data";
import { formatDate } from "~/lib/format-date";
import { t } from "~/lib/i18n/messages/accessibility";
import { textAround } from "~/lib/i18n/translator";
import { FALLBACK_STORE_NAME } from "~/lib/store-name";
import type { Route } from "./+types/accessibility-statement";

/*
 * /accessibility: the shop's accessibility statement (issue 30, part 6). A TEMPLATE the merchant adapts, not legal
 * advice: its words are in lib/i18n/messages/accessibility.ts, and the page says so in a visible note until the
 * merchant removes it. What it says Quire's tests check is what they check; change both together.
 */

/** When the statement was last read against the shop and its tests (an ISO date, shown in the shop's format). */
const STATEMENT_REVIEWED_ON = "2026-12-01";

const CHECKS = ["axe", "wcag22", "keyboard", "forms", "contrast", "no_js"] as const;
const GAPS = ["payment", "content", "pdf", "coverage", "keyboard", "assistive"] as const;

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(t("accessibility.title"), matches) },
    { name: "description", content: t("accessibility.description", { store: storeNameFrom(matches) }) },
  ];
}

/** A list of points, each led by a bold title. */
function Points({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid list-disc gap-3 pl-6">
      {items.map((item) => (
        <li key={item.title}>
          <strong className="font-semibold">{item.title}</strong> {item.text}
        </li>
      ))}
    </ul>
  );
}

export default function AccessibilityStatement() {
  const store = useRootData()?.settings.name ?? FALLBACK_STORE_NAME;
  const reviewed = textAround(t("accessibility.reviewed"), "date");
  return (
    <Container className="py-10 sm:py-14">
      <article className="mx-auto grid max-w-3xl gap-4 text-lg leading-relaxed">
        <h1 className="text-title font-semibold tracking-tight">{t("accessibility.title")}</h1>
        <FormNotice>
          <p>{t("accessibility.template_note")}</p>
        </FormNotice>
        <p>{t("accessibility.intro", { store })}</p>

        <h2 className="mt-6 text-2xl font-semibold">{t("accessibility.aim.title")}</h2>
        <p>{t("accessibility.aim.text")}</p>

        <h2 className="mt-6 text-2xl font-semibold">{t("accessibility.checks.title")}</h2>
        <p>{t("accessibility.checks.intro")}</p>
        <Points
          items={CHECKS.map((check) => ({
            title: t(`accessibility.checks.${check}.title`),
            text: t(`accessibility.checks.${check}.text`),
          }))}
        />
        <p>{t("accessibility.checks.limits")}</p>

        <h2 className="mt-6 text-2xl font-semibold">{t("accessibility.gaps.title")}</h2>
        <Points items={GAPS.map((gap) => ({ title: t(`accessibility.gaps.${gap}.title`), text: t(`accessibility.gaps.${gap}.text`) }))} />

        <h2 className="mt-6 text-2xl font-semibold">{t("accessibility.report.title")}</h2>
        <p>{t("accessibility.report.text")}</p>
        <p>
          <ButtonLink to={contactFormPath("accessibility")}>{t("accessibility.report.link")}</ButtonLink>
        </p>

        <p className="mt-6 text-base text-ink-muted">
          {reviewed[0]}
          <time dateTime={STATEMENT_REVIEWED_ON}>{formatDate(STATEMENT_REVIEWED_ON)}</time>
          {reviewed[1]}
        </p>
      </article>
    </Container>
  );
}
