import type { CompanyAddresses, SavedAddress } from "@quire/contracts";
import { useState, type ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { z } from "zod";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  ADD_TARGETS,
  ADDRESS_PAGE_PARAMS,
  ADDRESSES_PATH,
  addressName,
  DEFAULT_FIELDS,
  type AddTarget,
} from "~/features/account/address-book";
import { PostalAddress } from "~/features/account/saved-address";
import { formText, type FormFailure } from "~/components/forms/form-errors";
import { rejectedForm } from "~/components/forms/form-failure.server";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { AddressForm, type AddressValues } from "~/features/checkout/address-form";
import { ADDRESS_FIELDS, failureFor } from "~/features/checkout/checkout-forms";
import { AddressFormSchema, addressOf, failedCheckoutForm } from "~/features/checkout/checkout-forms.server";
import { pageTitle } from "~/features/layout/meta";
import { useRootData, type RootData } from "~/features/layout/root-data";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { getCurrentCustomer } from "~/features/auth/auth.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ACCOUNT_ADDRESSES_INTENTS } from "~/lib/account-intents";
import { CheckboxField, dispatchIntent, intent, postedIdField } from "~/lib/form-intents.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-addresses";
import { t } from "~/lib/i18n/messages/account";
import { t as actionText } from "~/lib/i18n/messages/account-server";

export const handle: RouteHandle = { requiredAuthentication: true };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("account.addresses.title"), matches) }, { name: "robots", content: "noindex" }];
}

const AddressIdField = postedIdField(actionText("account.addresses.not_found"));

function idParam(url: URL, name: string): number | null {
  const parsed = AddressIdField.safeParse(url.searchParams.get(name));
  return parsed.success ? parsed.data : null;
}

/**
 * /account/addresses: the customer's address book and, for a company's trade buyer, the company's shared
 * addresses. The page's states are its query (see ADDRESS_PAGE_PARAMS), so each works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const [{ data: book }, company] = await Promise.all([api.call("listAddresses"), loadCompanyAddresses(context)]);
  const known = (id: number | null) => (id !== null && book.addresses.some((address) => address.id === id) ? id : null);
  const add = url.searchParams.get(ADDRESS_PAGE_PARAMS.add);
  const adding = ADD_TARGETS.find((target) => target === add && (target === "mine" || company !== null)) ?? null;
  return {
    addresses: book.addresses,
    company,
    // An empty book opens its form: there is nothing else to do on the page.
    adding: adding ?? (book.addresses.length === 0 ? ("mine" as const) : null),
    editingId: known(idParam(url, ADDRESS_PAGE_PARAMS.edit)),
    confirmingDeleteId: known(idParam(url, ADDRESS_PAGE_PARAMS.delete)),
  };
}

/** The company's addresses, or null for a customer who buys for no company (the API answers 403). */
async function loadCompanyAddresses(context: Route.LoaderArgs["context"]): Promise<CompanyAddresses | null> {
  // The customer the root loader read for this request (one call per request).
  const customer = await getCurrentCustomer(context);
  if (!customer?.isTrade) return null;
  try {
    return (await context.get(apiContext).call("listCompanyAddresses")).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403) return null;
    throw error;
  }
}

/** An address form of the book: the address, and which defaults it becomes (ticked boxes). */
const BookAddressFormSchema = AddressFormSchema.extend({
  [DEFAULT_FIELDS.delivery]: CheckboxField,
  [DEFAULT_FIELDS.billing]: CheckboxField,
});
const EditAddressFormSchema = BookAddressFormSchema.extend({ addressId: AddressIdField });
const AddressIdFormSchema = z.object({ addressId: AddressIdField });
const SetDefaultFormSchema = z.object({ addressId: AddressIdField, kind: z.enum(["delivery", "billing"]) });

const FORM_FIELDS = [...ADDRESS_FIELDS, DEFAULT_FIELDS.delivery, DEFAULT_FIELDS.billing, "addressId"];
/** What a refused form comes back filled in with (and, for an edit, which address it was). */
function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, formText(form, field)]));
}

/** Each form of the page, by intent; success goes back to the book with a toast, a refusal stays beside the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const saved = (message: string) => redirectWithToast(ADDRESSES_PATH, { kind: "success", message }, { status: 303 });
  const { add, update, delete: remove, setDefault, addCompany } = ACCOUNT_ADDRESSES_INTENTS;
  /** A form with address fields: refused fields come back beside it, with what was typed. */
  const addressForm = <Values,>(name: string, save: (values: Values) => Promise<void>, message: string) => ({
    invalid: (errors: Parameters<typeof rejectedForm>[0], form: FormData) =>
      rejectedForm(errors, { values: typedValues(form), intent: name }),
    run: async (values: Values, form: FormData) => {
      try {
        await save(values);
      } catch (error) {
        return failedCheckoutForm(error, { values: typedValues(form), intent: name });
      }
      return saved(message);
    },
  });
  /** A button's form: a refusal comes back as the API's first error, as a toast. */
  const button = async (change: () => Promise<unknown>, message: string) => {
    try {
      await change();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      return redirectWithToast(ADDRESSES_PATH, errorToastOf(error), { status: 303 });
    }
    return saved(message);
  };

  return dispatchIntent(await request.formData(), {
    [add]: intent({
      schema: BookAddressFormSchema,
      ...addressForm(
        add,
        async ({ isDefaultDelivery, isDefaultBilling, ...address }: z.output<typeof BookAddressFormSchema>) => {
          await api.call("createAddress", { body: { address: addressOf(address), isDefaultDelivery, isDefaultBilling } });
        },
        actionText("account.addresses.added"),
      ),
    }),
    [update]: intent({
      schema: EditAddressFormSchema,
      ...addressForm(
        update,
        async ({ addressId, isDefaultDelivery, isDefaultBilling, ...address }: z.output<typeof EditAddressFormSchema>) => {
          await api.call("updateAddress", {
            params: { id: addressId },
            body: { address: addressOf(address), isDefaultDelivery, isDefaultBilling },
          });
        },
        actionText("account.addresses.saved"),
      ),
    }),
    [addCompany]: intent({
      schema: AddressFormSchema,
      ...addressForm(
        addCompany,
        async (address: z.output<typeof AddressFormSchema>) => {
          await api.call("addCompanyAddress", { body: { address: addressOf(address) } });
        },
        actionText("account.addresses.company_added"),
      ),
    }),
    [remove]: intent({
      schema: AddressIdFormSchema,
      run: ({ addressId }) =>
        button(() => api.call("deleteAddress", { params: { id: addressId } }), actionText("account.addresses.deleted")),
    }),
    [setDefault]: intent({
      schema: SetDefaultFormSchema,
      run: ({ addressId, kind }) =>
        button(
          () => api.call("setDefaultAddress", { params: { id: addressId }, body: { kinds: [kind] } }),
          kind === "delivery"
            ? actionText("account.addresses.default_delivery_changed")
            : actionText("account.addresses.default_billing_changed"),
        ),
    }),
  });
}

const cardClass = "rounded-card border border-line bg-surface p-5 shadow-sm";
const badgeClass = "inline-flex items-center rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent";

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, company, adding, editingId, confirmingDeleteId } = loaderData;
  const rootData = useRootData();
  const countries = rootData?.countryOptions ?? [];
  const hydrated = useHydrated();
  const submit = useSubmit();
  useFailureToast(actionData);
  // The address waiting for the customer's answer in the confirm dialog.
  const [pendingDeleteId, setPendingDeleteId] = useState<number | null>(null);
  const pendingDelete = addresses.find((address) => address.id === pendingDeleteId);

  const addFailure = failureFor(actionData, ACCOUNT_ADDRESSES_INTENTS.add);
  const updateFailure = failureFor(actionData, ACCOUNT_ADDRESSES_INTENTS.update);
  const companyFailure = failureFor(actionData, ACCOUNT_ADDRESSES_INTENTS.addCompany);
  const editing = updateFailure ? Number(updateFailure.values?.addressId) : editingId;
  const newAddress: AddressValues = {
    firstName: "",
    lastName: "",
    countryCode: countries.find((country) => country.code === rootData?.countryCode)?.code ?? countries[0]?.code ?? "GB",
  };

  return (
    <div className="grid gap-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-title font-semibold tracking-tight">{t("account.addresses.title")}</h1>
          <p className="mt-2 max-w-2xl text-ink-muted">{t("account.addresses.intro")}</p>
        </div>
        {adding === "mine" || addresses.length === 0 ? null : (
          <ButtonLink to={`${ADDRESSES_PATH}?${ADDRESS_PAGE_PARAMS.add}=mine`} preventScrollReset variant="secondary">
            {t("account.addresses.add")}
          </ButtonLink>
        )}
      </div>

      {adding === "mine" || addFailure ? (
        <section aria-labelledby="new-address" className={cardClass}>
          <h2 id="new-address" className="mb-5 text-xl font-semibold">
            {addresses.length === 0 ? t("account.addresses.add_first") : t("account.addresses.new")}
          </h2>
          <AddressForm
            intent={ACCOUNT_ADDRESSES_INTENTS.add}
            values={newAddress}
            failure={addFailure}
            countries={countries}
            submitLabel={t("account.addresses.save")}
            cancelHref={addresses.length === 0 ? undefined : ADDRESSES_PATH}
            fields={addresses.length === 0 ? <FirstAddressNote /> : <DefaultChoices failure={addFailure} />}
          />
        </section>
      ) : null}

      {addresses.length > 0 ? (
        <section aria-labelledby="address-book">
          <h2 id="address-book" className="sr-only">
            {t("account.addresses.book")}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {addresses.map((address) => (
              <li key={address.id} className={`${cardClass} ${editing === address.id ? "md:col-span-2" : ""}`}>
                {editing === address.id ? (
                  <EditAddress address={address} failure={updateFailure} countries={countries} />
                ) : (
                  <AddressCard
                    address={address}
                    deleteControl={
                      hydrated ? (
                        <Button type="button" variant="ghost" size="sm" onClick={() => setPendingDeleteId(address.id)}>
                          {t("account.addresses.delete")}
                          <span className="sr-only">{t("account.addresses.button_name", { name: addressName(address) })}</span>
                        </Button>
                      ) : (
                        <Link
                          to={`${ADDRESSES_PATH}?${ADDRESS_PAGE_PARAMS.delete}=${address.id}`}
                          preventScrollReset
                          className={buttonClass({ variant: "ghost", size: "sm" })}
                        >
                          {t("account.addresses.delete")}
                          <span className="sr-only">{t("account.addresses.button_name", { name: addressName(address) })}</span>
                        </Link>
                      )
                    }
                  >
                    {confirmingDeleteId === address.id ? <InlineDeleteConfirmation address={address} /> : null}
                  </AddressCard>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {company ? (
        <CompanySection company={company} adding={adding === "company" || companyFailure !== undefined} failure={companyFailure} />
      ) : null}

      <ConfirmDialog
        isOpen={pendingDelete !== undefined}
        title={t("account.addresses.delete_title")}
        message={pendingDelete ? <DeleteMessage address={pendingDelete} /> : undefined}
        icon="warning"
        acceptLabel={t("account.addresses.delete_accept")}
        onReject={() => setPendingDeleteId(null)}
        onAccept={() => {
          if (pendingDelete) {
            void submit(
              { [INTENT_FIELD]: ACCOUNT_ADDRESSES_INTENTS.delete, addressId: pendingDelete.id },
              { method: "post", action: ADDRESSES_PATH, preventScrollReset: true },
            );
          }
          setPendingDeleteId(null);
        }}
      />
    </div>
  );
}

/** What deleting an address does, in the dialog and on the page without JavaScript. */
function DeleteMessage({ address }: { address: SavedAddress }) {
  const isDefault = address.isDefaultDelivery || address.isDefaultBilling;
  return (
    <>
      {isDefault
        ? t("account.addresses.delete_message_default", { address: address.formattedAddress })
        : t("account.addresses.delete_message", { address: address.formattedAddress })}
    </>
  );
}

/** One saved address: the label, its defaults, and what can be done with it. */
function AddressCard({ address, deleteControl, children }: { address: SavedAddress; deleteControl: ReactNode; children?: ReactNode }) {
  const name = addressName(address);
  return (
    <div className="flex h-full flex-col gap-4">
      {address.isDefaultDelivery || address.isDefaultBilling ? (
        <p className="flex flex-wrap gap-2">
          {address.isDefaultDelivery ? <span className={badgeClass}>{t("account.addresses.default_delivery")}</span> : null}
          {address.isDefaultBilling ? <span className={badgeClass}>{t("account.addresses.default_billing")}</span> : null}
        </p>
      ) : null}
      <PostalAddress address={address} />
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-line pt-4">
        <Link
          to={`${ADDRESSES_PATH}?${ADDRESS_PAGE_PARAMS.edit}=${address.id}`}
          preventScrollReset
          className={buttonClass({ variant: "secondary", size: "sm" })}
        >
          {t("account.addresses.edit")}
          <span className="sr-only">{t("account.addresses.button_name", { name })}</span>
        </Link>
        {address.isDefaultDelivery ? null : <SetDefaultButton address={address} kind="delivery" />}
        {address.isDefaultBilling ? null : <SetDefaultButton address={address} kind="billing" />}
        {deleteControl}
      </div>
      {children}
    </div>
  );
}

function SetDefaultButton({ address, kind }: { address: SavedAddress; kind: "delivery" | "billing" }) {
  return (
    <Form method="post" action={ADDRESSES_PATH} preventScrollReset>
      <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_ADDRESSES_INTENTS.setDefault} />
      <input type="hidden" name="addressId" value={address.id} />
      <input type="hidden" name="kind" value={kind} />
      <Button type="submit" variant="ghost" size="sm">
        {kind === "delivery" ? t("account.addresses.use_for_delivery") : t("account.addresses.use_for_billing")}
        <span className="sr-only">{t("account.addresses.use_for_name", { name: addressName(address) })}</span>
      </Button>
    </Form>
  );
}

function EditAddress({
  address,
  failure,
  countries,
}: {
  address: SavedAddress;
  failure?: FormFailure;
  countries: RootData["countryOptions"];
}) {
  return (
    <section aria-labelledby={`edit-${address.id}`}>
      <h2 id={`edit-${address.id}`} className="mb-5 text-xl font-semibold">
        {t("account.addresses.edit_title")}
      </h2>
      <AddressForm
        intent={ACCOUNT_ADDRESSES_INTENTS.update}
        values={address}
        failure={failure}
        countries={countries}
        submitLabel={t("account.addresses.save")}
        cancelHref={ADDRESSES_PATH}
        fields={
          <>
            <input type="hidden" name="addressId" value={address.id} />
            <DefaultChoices failure={failure} current={address} />
          </>
        }
      />
    </section>
  );
}

/**
 * The defaults a new or edited address may become. A default the address already holds is shown as held: it
 * moves away only when another address takes it.
 */
function DefaultChoices({ failure, current }: { failure?: FormFailure; current?: SavedAddress }) {
  const typed = failure?.values;
  const choices = [
    {
      field: DEFAULT_FIELDS.delivery,
      label: t("account.addresses.make_default_delivery"),
      heldLabel: t("account.addresses.is_default_delivery"),
      held: current?.isDefaultDelivery ?? false,
    },
    {
      field: DEFAULT_FIELDS.billing,
      label: t("account.addresses.make_default_billing"),
      heldLabel: t("account.addresses.is_default_billing"),
      held: current?.isDefaultBilling ?? false,
    },
  ];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-ink">{t("account.addresses.defaults")}</legend>
      {choices.map(({ field, label, heldLabel, held }) =>
        held ? (
          <p key={field} className="text-sm text-ink-muted">
            {heldLabel}
          </p>
        ) : (
          <div key={field} className="flex items-start gap-3">
            <input
              id={`address-${field}`}
              type="checkbox"
              name={field}
              value="on"
              defaultChecked={typed?.[field] === "on"}
              className="mt-0.5 size-5 shrink-0 accent-accent"
            />
            <label htmlFor={`address-${field}`} className="text-sm text-ink">
              {label}
            </label>
          </div>
        ),
      )}
    </fieldset>
  );
}

function FirstAddressNote() {
  return <p className="text-sm text-ink-muted">{t("account.addresses.first_note")}</p>;
}

/** The delete confirmation as part of the page (`?delete=<id>`), for browsers without JavaScript. */
function InlineDeleteConfirmation({ address }: { address: SavedAddress }) {
  const headingId = `delete-${address.id}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-control border border-danger/40 bg-danger-soft p-4">
      <h3 id={headingId} className="font-serif text-lg font-semibold">
        {t("account.addresses.delete_title")}
      </h3>
      <p className="mt-1">
        <DeleteMessage address={address} />
      </p>
      <Form method="post" action={ADDRESSES_PATH} className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_ADDRESSES_INTENTS.delete} />
        <input type="hidden" name="addressId" value={address.id} />
        <Link to={ADDRESSES_PATH} className={buttonClass({ variant: "secondary" })}>
          {t("account.addresses.cancel")}
        </Link>
        <Button type="submit">{t("account.addresses.delete_accept")}</Button>
      </Form>
    </section>
  );
}

/** A trade buyer's company's addresses: shared by everyone who buys for it; any of them may add one. */
function CompanySection({ company, adding, failure }: { company: CompanyAddresses; adding: boolean; failure?: FormFailure }) {
  const rootData = useRootData();
  const countries = rootData?.countryOptions ?? [];
  const target: AddTarget = "company";
  return (
    <section aria-labelledby="company-addresses" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4 border-t border-line pt-8">
        <div>
          <h2 id="company-addresses" className="text-xl font-semibold">
            {t("account.addresses.company_title", { company: company.companyName })}
          </h2>
          <p className="mt-1 text-ink-muted">{t("account.addresses.company_intro", { company: company.companyName })}</p>
        </div>
        {adding ? null : (
          <ButtonLink to={`${ADDRESSES_PATH}?${ADDRESS_PAGE_PARAMS.add}=${target}`} preventScrollReset variant="secondary">
            {t("account.addresses.company_add")}
          </ButtonLink>
        )}
      </div>
      {adding ? (
        <section aria-labelledby="new-company-address" className={cardClass}>
          <h3 id="new-company-address" className="mb-5 text-lg font-semibold">
            {t("account.addresses.company_new")}
          </h3>
          <AddressForm
            intent={ACCOUNT_ADDRESSES_INTENTS.addCompany}
            values={{ firstName: "", lastName: "", company: company.companyName, countryCode: countries[0]?.code ?? "GB" }}
            failure={failure}
            countries={countries}
            submitLabel={t("account.addresses.company_save")}
            cancelHref={ADDRESSES_PATH}
          />
        </section>
      ) : null}
      {company.addresses.length === 0 ? (
        <p className="text-ink-muted">{t("account.addresses.company_none")}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {company.addresses.map((address) => (
            <li key={address.id} className={cardClass}>
              <PostalAddress address={address} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
