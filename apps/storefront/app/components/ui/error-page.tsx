import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { t } from "~/lib/i18n/messages/error";
import type { ErrorPageTexts } from "./error-page-texts";

/** The error page: status code, translated title and description, one action. */
export function ErrorPage({ texts }: { texts: ErrorPageTexts }) {
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        <p className="font-serif text-7xl font-semibold text-accent sm:text-8xl" aria-hidden="true">
          {texts.status}
        </p>
        <h1 className="mt-4 text-title font-semibold">
          <span className="sr-only">{t("error.status_prefix", { status: texts.status })}</span>
          {texts.title}
        </h1>
        <p className="mt-4 text-lg break-words text-ink-muted">{texts.description}</p>
        <ButtonLink to={texts.actionHref} className="mt-8">
          {texts.actionLabel}
        </ButtonLink>
      </div>
    </Container>
  );
}
