import type { CustomerSettings } from "@quire/contracts";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { labelClass } from "~/components/ui/field";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { TextField } from "~/components/forms/text-field";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ACCOUNT_SETTINGS_INTENTS } from "~/lib/account-intents";
import { t } from "~/lib/i18n/messages/account";

const FIELDS = ["firstName", "lastName", "phone", "marketingOptIn"] as const;

/** Names, phone and the marketing opt-in (PUT /customers/current/settings). Email and company are shown, not edited. */
export function ProfileForm({ settings, failure }: { settings: CustomerSettings; failure?: FormFailure }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === ACCOUNT_SETTINGS_INTENTS.profile;
  const values = failure?.values;
  return (
    <Form method="post" noValidate className="grid gap-5" aria-labelledby="profile-heading">
      <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_SETTINGS_INTENTS.profile} />
      <FormAlert errors={formErrors(failure, FIELDS)} />
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={labelClass}>{t("account.profile.email")}</dt>
          <dd className="text-ink-muted break-all">{settings.email}</dd>
        </div>
        {settings.companyName ? (
          <div>
            <dt className={labelClass}>{t("account.profile.company")}</dt>
            <dd className="text-ink-muted">{settings.companyName}</dd>
          </div>
        ) : null}
      </dl>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("account.profile.first_name")}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={values?.firstName ?? settings.firstName}
          error={fieldError(failure, "firstName")}
        />
        <TextField
          label={t("account.profile.last_name")}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={100}
          defaultValue={values?.lastName ?? settings.lastName}
          error={fieldError(failure, "lastName")}
        />
      </div>
      <TextField
        label={t("account.profile.phone")}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={values?.phone ?? settings.phone}
        error={fieldError(failure, "phone")}
      />
      <div className="flex items-start gap-3">
        <input
          id="marketing-opt-in"
          type="checkbox"
          name="marketingOptIn"
          value="on"
          defaultChecked={values ? values.marketingOptIn === "on" : settings.marketingOptIn}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        <label htmlFor="marketing-opt-in" className="text-sm text-ink">
          <span className="font-medium">{t("account.profile.marketing")}</span>{" "}
          <span className="text-ink-muted">{t("account.profile.marketing_hint")}</span>
        </label>
      </div>
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? t("account.profile.saving") : t("account.profile.save")}
        </Button>
      </div>
    </Form>
  );
}
