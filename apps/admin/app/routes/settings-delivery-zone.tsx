import type { AdminDeliveryOption } from "@quire/contracts";
import { DELIVERY_OPTION_KINDS } from "@quire/contracts/constants";
import { toDecimalAmount } from "@quire/money";
import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-delivery-zone";
import { InlineField, InlineSelect, SettingsNav } from "~/components/settings-fields";
import { Button, ButtonLink, Card, ErrorSummary, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { words } from "~/lib/format";
import { type FormRefusal, handleForm, redirectWithMessage } from "~/lib/forms.server";
import { CountryListSchema, deliveryOptionFormSchema } from "~/lib/settings-delivery";
import { refusalFor } from "~/lib/settings-refusal";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.zone.name ?? "Delivery zone"} · Delivery · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = idParamOf(params.id);
  const api = context.get(apiContext);
  const [{ data: delivery }, { data: settings }] = await pageRead(
    request,
    Promise.all([api.call("listAdminDeliveryZones"), api.call("getAdminStoreSettings")]),
  );
  const zone = delivery.deliveryZones.find((candidate) => candidate.id === id);
  if (!zone) throw new Response("Not found", { status: 404 });
  return {
    zone,
    currencies: settings.currencyCodes,
    confirmDelete: new URL(request.url).searchParams.get("confirm") === "delete",
    optionKey: randomUUID(),
  };
}

const ZoneForm = z.object({ name: z.string().trim().min(1, "Enter the zone's name").max(100), countryCodes: CountryListSchema });
const OptionIdForm = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The API names an option's refused price as "prices": beside the first price field it is shown. */
const optionRename = (currencies: readonly string[]) => ({ prices: `price-${currencies[0] ?? "GBP"}` });

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const zoneId = idParamOf(params.id);
  const form = await request.formData();
  const here = `/settings/delivery/${zoneId}`;
  const currencies = async () => (await api.call("getAdminStoreSettings")).data.currencyCodes;
  switch (form.get("intent")) {
    case "zone":
      return handleForm(form, ZoneForm, async (body) => {
        const { data: zone } = await api.call("updateAdminDeliveryZone", { params: { id: zoneId }, body });
        return redirectWithMessage(request, here, `Delivery zone ${zone.name} saved.`);
      });
    case "delete-zone":
      return handleForm(form, z.object({}), async () => {
        await api.call("deleteAdminDeliveryZone", { params: { id: zoneId } });
        return redirectWithMessage(request, "/settings/delivery", "The delivery zone is deleted.");
      });
    case "add-option": {
      const sold = await currencies();
      return handleForm(
        form,
        deliveryOptionFormSchema(sold).and(z.object({ optionKey: z.string().uuid() })),
        async ({ optionKey, ...body }) => {
          const { data: option } = await api.call("createAdminDeliveryOption", {
            params: { id: zoneId },
            headers: { "idempotency-key": optionKey },
            body,
          });
          return redirectWithMessage(request, here, `Delivery option ${option.name} added.`);
        },
        optionRename(sold),
      );
    }
    case "option": {
      const sold = await currencies();
      const id = OptionIdForm.safeParse({ id: form.get("id") });
      if (!id.success) throw new Response("Unknown option", { status: 400 });
      return handleForm(
        form,
        deliveryOptionFormSchema(sold),
        async (body) => {
          const { data: option } = await api.call("updateAdminDeliveryOption", { params: { id: id.data.id }, body });
          return redirectWithMessage(request, here, `Delivery option ${option.name} saved.`);
        },
        optionRename(sold),
      );
    }
    case "delete-option":
      return handleForm(form, OptionIdForm, async ({ id }) => {
        await api.call("deleteAdminDeliveryOption", { params: { id } });
        return redirectWithMessage(request, here, "The delivery option is deleted.");
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function SettingsDeliveryZone() {
  const { zone, currencies, confirmDelete, optionKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const zoneRefusal = refusalFor(answer, "zone") ?? refusalFor(answer, "delete-zone");
  return (
    <>
      <PageHeader title={`Delivery zone ${zone.name}`} />
      <SettingsNav />
      <p className="mb-4 text-sm">
        <Link to="/settings/delivery">All delivery zones</Link>
      </p>
      <div className="flex max-w-4xl flex-col gap-6">
        <Card title="Zone">
          <ErrorSummary errors={zoneRefusal?.errors} />
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <InlineField
              id="zone-name"
              name="name"
              label="Zone name"
              maxLength={100}
              required
              defaultValue={zoneRefusal?.values.name ?? zone.name}
              error={zoneRefusal?.errors.fields.name}
            />
            <InlineField
              id="zone-countries"
              name="countryCodes"
              label="Countries"
              hint="Two-letter codes separated by commas. A country belongs to one zone at most."
              required
              defaultValue={zoneRefusal?.values.countryCodes ?? zone.countryCodes.join(", ")}
              error={zoneRefusal?.errors.fields.countryCodes}
            />
            <div>
              <Button name="intent" value="zone">
                Save the zone
              </Button>
            </div>
          </Form>
        </Card>
        {zone.options.map((option) => (
          <OptionCard
            key={option.id}
            option={option}
            currencies={currencies}
            refusal={refusalFor(answer, "option", option.id) ?? refusalFor(answer, "delete-option", option.id)}
          />
        ))}
        <OptionCard key={optionKey} currencies={currencies} refusal={refusalFor(answer, "add-option")} optionKey={optionKey} />
        <Card title="Delete the zone">
          {confirmDelete ? (
            <Form method="post" className="flex flex-col gap-3">
              <p className="text-sm">
                Delete {zone.name} and its {zone.options.length} delivery {zone.options.length === 1 ? "option" : "options"}? Shoppers in{" "}
                {zone.countryCodes.join(", ")} will be offered no delivery until another zone serves them. Orders already placed keep their
                delivery.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button kind="danger" name="intent" value="delete-zone">
                  Yes, delete {zone.name}
                </Button>
                <ButtonLink href={`/settings/delivery/${zone.id}`}>Keep it</ButtonLink>
              </div>
            </Form>
          ) : (
            <p className="text-sm">
              <Link to={`/settings/delivery/${zone.id}?confirm=delete`}>Delete this zone…</Link>
            </p>
          )}
        </Card>
      </div>
    </>
  );
}

/** One option's form (or, without an option, the new option's), with a price field per currency the shop sells in. */
function OptionCard({
  option,
  currencies,
  refusal,
  optionKey,
}: {
  option?: AdminDeliveryOption;
  currencies: readonly string[];
  refusal?: FormRefusal;
  optionKey?: string;
}) {
  const key = option ? String(option.id) : "new";
  const value = (name: string, current: string) => refusal?.values[name] ?? current;
  const error = (name: string) => refusal?.errors.fields[name];
  const price = (currencyCode: string) => option?.prices.find((candidate) => candidate.currencyCode === currencyCode);
  return (
    <Card title={option ? `Option ${option.name}` : "Add a delivery option"}>
      <ErrorSummary
        errors={refusal ? { fields: {}, form: [...refusal.errors.form, ...Object.values(refusal.errors.fields)] } : undefined}
      />
      <Form method="post" className="flex flex-col gap-3" noValidate>
        {option ? <input type="hidden" name="id" value={option.id} /> : <input type="hidden" name="optionKey" value={optionKey} />}
        <div className="grid gap-3 sm:grid-cols-2">
          <InlineField
            id={`name-${key}`}
            name="name"
            label="Name"
            maxLength={100}
            required
            defaultValue={value("name", option?.name ?? "")}
            error={error("name")}
          />
          <InlineSelect
            id={`kind-${key}`}
            name="kind"
            label="Kind"
            options={DELIVERY_OPTION_KINDS.map((kind) => ({ value: kind, label: words(kind) }))}
            defaultValue={value("kind", option?.kind ?? "standard")}
            error={error("kind")}
          />
        </div>
        <InlineField
          id={`description-${key}`}
          name="description"
          label="Description (optional)"
          maxLength={300}
          defaultValue={value("description", option?.description ?? "")}
          error={error("description")}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <InlineField
            id={`minDays-${key}`}
            name="minDays"
            label="Fewest working days"
            inputMode="numeric"
            maxLength={3}
            defaultValue={value("minDays", String(option?.minDays ?? 1))}
            error={error("minDays")}
          />
          <InlineField
            id={`maxDays-${key}`}
            name="maxDays"
            label="Most working days"
            inputMode="numeric"
            maxLength={3}
            defaultValue={value("maxDays", String(option?.maxDays ?? 3))}
            error={error("maxDays")}
          />
          <InlineField
            id={`position-${key}`}
            name="position"
            label="Position"
            hint="Lower comes first"
            inputMode="numeric"
            maxLength={5}
            defaultValue={value("position", String(option?.position ?? 0))}
            error={error("position")}
          />
        </div>
        <fieldset className="rounded-md border border-zinc-200 p-3">
          <legend className="px-1 text-sm font-semibold">Prices</legend>
          <p className="mb-2 text-sm text-zinc-600">
            Offered only in the currencies it has a price in. Free over: goods worth this much (after money off) ship free.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {currencies.map((currencyCode) => {
              const current = price(currencyCode);
              return (
                <div key={currencyCode} className="contents">
                  <InlineField
                    id={`price-${currencyCode}-${key}`}
                    name={`price-${currencyCode}`}
                    label={`Price in ${currencyCode}`}
                    inputMode="decimal"
                    maxLength={15}
                    defaultValue={value(`price-${currencyCode}`, current ? toDecimalAmount(current.amount) : "")}
                    error={error(`price-${currencyCode}`)}
                  />
                  <InlineField
                    id={`freeOver-${currencyCode}-${key}`}
                    name={`freeOver-${currencyCode}`}
                    label={`Free over, in ${currencyCode} (optional)`}
                    inputMode="decimal"
                    maxLength={15}
                    defaultValue={value(
                      `freeOver-${currencyCode}`,
                      current?.freeOverAmount != null ? toDecimalAmount(current.freeOverAmount) : "",
                    )}
                    error={error(`freeOver-${currencyCode}`)}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button name="intent" value={option ? "option" : "add-option"}>
            {option ? `Save ${option.name}` : "Add the option"}
          </Button>
          {option ? (
            <Button kind="danger" name="intent" value="delete-option">
              Delete {option.name}
            </Button>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}
