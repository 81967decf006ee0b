import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ACCOUNT_SETTINGS_INTENTS } from "~/lib/account-intents";
import { INTENT_FIELD } from "~/lib/form-intents";
import { t } from "~/lib/i18n/messages/account";

/**
 * Asks the shop to delete the account (POST /customers/erasure-request, decision 063): nothing is erased here; the
 * API emails a single-use link whose page (routes/account-delete.tsx) is where the customer confirms. A refusal (too
 * many mails this hour) is the page's toast.
 */
export function DeleteAccountForm() {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === ACCOUNT_SETTINGS_INTENTS.deleteAccount;
  return (
    <Form method="post" aria-labelledby="delete-account-heading">
      <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_SETTINGS_INTENTS.deleteAccount} />
      <Button type="submit" variant="secondary" disabled={sending}>
        {sending ? t("account.settings.delete_account_sending") : t("account.settings.delete_account_send")}
      </Button>
    </Form>
  );
}
