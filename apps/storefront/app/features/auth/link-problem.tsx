import type { EmailedLinkKind } from "@quire/contracts";
import { ButtonLink } from "~/components/ui/button";
import { AuthPage, AuthPanel } from "./auth-panel";
import { getLinkProblemTexts, type UnusableLinkStatus } from "./emailed-link";
import { FormNotice } from "~/components/forms/form-alert";

/**
 * What a sign-up, invite or reset page shows instead of its form when its link is used, expired or unknown:
 * what happened and the way forward, as links that work without JavaScript.
 */
export function LinkProblem({ kind, status }: { kind: EmailedLinkKind; status: UnusableLinkStatus }) {
  const texts = getLinkProblemTexts(kind, status);
  return (
    <AuthPage>
      <AuthPanel title={texts.title}>
        <FormNotice tone="warn">
          <p>{texts.explanation}</p>
        </FormNotice>
        <p className="mt-6 flex flex-wrap items-center gap-3">
          <ButtonLink to={texts.action.to}>{texts.action.label}</ButtonLink>
          {texts.secondary ? (
            <ButtonLink to={texts.secondary.to} variant="secondary">
              {texts.secondary.label}
            </ButtonLink>
          ) : null}
        </p>
      </AuthPanel>
    </AuthPage>
  );
}
