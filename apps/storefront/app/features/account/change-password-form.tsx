import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { PasswordField } from "~/features/auth/password-field";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ACCOUNT_SETTINGS_INTENTS } from "~/lib/account-intents";
import { t } from "~/lib/i18n/messages/account";

const FIELDS = ["currentPassword", "newPassword"] as const;

/** PUT /customers/current/password: other sessions end, this one stays signed in. */
export function ChangePasswordForm({
  failure,
  context,
  autoFocus,
}: {
  failure?: FormFailure;
  context: readonly string[];
  autoFocus?: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === ACCOUNT_SETTINGS_INTENTS.password;
  return (
    <Form method="post" noValidate className="grid gap-5" aria-labelledby="password-heading">
      <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_SETTINGS_INTENTS.password} />
      <FormAlert errors={formErrors(failure, FIELDS)} />
      <PasswordField
        label={t("account.password.current")}
        name="currentPassword"
        autoComplete="current-password"
        autoFocus={autoFocus}
        error={fieldError(failure, "currentPassword")}
      />
      <PasswordField
        label={t("account.password.new")}
        name="newPassword"
        autoComplete="new-password"
        isNew
        context={context}
        error={fieldError(failure, "newPassword")}
      />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? t("account.password.changing") : t("account.password.change")}
        </Button>
      </div>
    </Form>
  );
}
