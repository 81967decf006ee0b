import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api.server";
import { parseForm } from "~/lib/form-intents.server";
import {
  AddressFormSchema,
  addressOf,
  CustomerInfoFormSchema,
  DeliveryOptionFormSchema,
  DiscountCodeFormSchema,
  failedCheckoutForm,
  formErrorsOf,
  PlaceOrderFormSchema,
} from "./checkout-forms.server";

function formOf(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
}

const LONDON = { countryCode: "GB", firstName: "Grace", lastName: "Hopper", line1: "1 Test Street", city: "London", postcode: "sw1a1aa" };

describe("the checkout's forms", () => {
  it("read customer information with the contract's rules, and never an anonymousId posted by the form", () => {
    const parsed = parseForm(
      formOf({ email: " Grace@Example.TEST ", firstName: "Grace", lastName: "Hopper", phone: "", anonymousId: "a".repeat(22) }),
      CustomerInfoFormSchema,
    );
    expect(parsed).toEqual({ ok: true, value: { email: "grace@example.test", firstName: "Grace", lastName: "Hopper", phone: "" } });
    const refused = parseForm(formOf({ email: "not an email", firstName: "", lastName: "Hopper" }), CustomerInfoFormSchema);
    expect(refused.ok ? [] : refused.errors.map((error) => error.field)).toEqual(["email", "firstName"]);
  });

  it("check an address by its country's rules, naming the field at fault", () => {
    expect(parseForm(formOf(LONDON), AddressFormSchema).ok).toBe(true);
    const badPostcode = parseForm(formOf({ ...LONDON, postcode: "12345" }), AddressFormSchema);
    expect(badPostcode.ok ? null : badPostcode.errors).toEqual([
      { code: "invalid_input", field: "postcode", message: "Enter a postcode such as SW1A 1AA" },
    ]);
    const noState = parseForm(formOf({ ...LONDON, countryCode: "US", postcode: "94105" }), AddressFormSchema);
    expect(noState.ok ? null : noState.errors.map((error) => error.field)).toEqual(["region"]);
    // An Irish address may have no Eircode.
    expect(parseForm(formOf({ ...LONDON, countryCode: "IE", postcode: "" }), AddressFormSchema).ok).toBe(true);
  });

  it("send an address without the optional fields left empty", () => {
    const parsed = parseForm(formOf({ ...LONDON, company: "", line2: "", region: "", phone: "" }), AddressFormSchema);
    if (!parsed.ok) throw new Error("the address was refused");
    expect(addressOf(parsed.value)).toEqual(LONDON);
  });

  it("read a delivery option, a discount code and the place-order form strictly", () => {
    expect(parseForm(formOf({ deliveryZoneOptionId: "12" }), DeliveryOptionFormSchema)).toEqual({
      ok: true,
      value: { deliveryZoneOptionId: 12 },
    });
    expect(parseForm(formOf({ deliveryZoneOptionId: "1e3" }), DeliveryOptionFormSchema).ok).toBe(false);
    expect(parseForm(formOf({ discountCode: " welcome10 " }), DiscountCodeFormSchema)).toEqual({
      ok: true,
      value: { discountCode: "WELCOME10" },
    });
    expect(parseForm(formOf({ paymentProviderId: "proforma-invoice", termsAccepted: "on" }), PlaceOrderFormSchema)).toEqual({
      ok: true,
      value: { paymentProviderId: "proforma-invoice", termsAccepted: true, privacyPolicyId: undefined, idempotencyKey: undefined },
    });
    // A guest's form says which privacy policy it showed them, so placing the order needs no call to read it.
    expect(parseForm(formOf({ paymentProviderId: "proforma-invoice", privacyPolicyId: "3" }), PlaceOrderFormSchema)).toEqual({
      ok: true,
      value: { paymentProviderId: "proforma-invoice", termsAccepted: false, privacyPolicyId: "3", idempotencyKey: undefined },
    });
    const unchosen = parseForm(formOf({}), PlaceOrderFormSchema);
    expect(unchosen.ok ? null : unchosen.errors).toEqual([
      { code: "invalid_input", field: "paymentProviderId", message: "Choose how you would like to pay." },
    ]);
  });

  it("show the API's refusals beside the form's own fields", () => {
    const error = new ApiRequestError(422, [
      { code: "country_not_served", message: "We do not deliver to CA in GBP", field: "body.address.countryCode" },
      {
        code: "terms_not_accepted",
        message: "Please accept the terms and conditions to proceed with the order.",
        field: "body.termsAccepted",
      },
      { code: "minimum_order_not_met", message: "The minimum order is £10.00" },
    ]);
    expect(formErrorsOf(error).map((problem) => problem.field)).toEqual(["countryCode", "termsAccepted", undefined]);
    const answer = failedCheckoutForm(error, { intent: "place-order" }) as unknown as { data: unknown; init: ResponseInit };
    expect(answer.init.status).toBe(422);
    expect(answer.data).toMatchObject({ intent: "place-order", errors: [{ field: "countryCode" }, { field: "termsAccepted" }, {}] });
    expect(() => failedCheckoutForm(new Error("a bug"), {})).toThrow("a bug");
  });
});
