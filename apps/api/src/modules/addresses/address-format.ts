import type { Address, AddressAnswer } from "@quire/contracts";

const countryNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

/**
 * An address's lines as a label prints them, in the country's order: UK, Irish and US addresses put the town
 * before the postcode ("London SW1A 1AA"; "San Francisco, CA 94105"); French, German and Dutch ones put the
 * postcode first ("75001 Paris").
 */
export function addressLinesOf(address: Address): string[] {
  const name = [address.firstName, address.lastName].join(" ");
  const town = (() => {
    switch (address.countryCode) {
      case "FR":
      case "DE":
      case "NL":
        return [address.postcode, address.city].filter(Boolean).join(" ");
      case "US":
        return `${address.city}, ${[address.region, address.postcode].filter(Boolean).join(" ")}`;
      default:
        return [address.city, address.region, address.postcode].filter(Boolean).join(" ");
    }
  })();
  return [name, address.company, address.line1, address.line2, town, countryNames.of(address.countryCode) ?? address.countryCode].filter(
    (part): part is string => part !== undefined && part !== "",
  );
}

/** An address on one line, as a label's lines read one after the other. */
export function formatAddress(address: Address): string {
  return addressLinesOf(address).join(", ");
}

/** An address as answers carry it: every field (null when not given) and its formatted form. */
export function toAddressAnswer(address: Address): AddressAnswer {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company ?? null,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    region: address.region ?? null,
    postcode: address.postcode ?? null,
    countryCode: address.countryCode,
    phone: address.phone ?? null,
    formattedAddress: formatAddress(address),
    addressLines: addressLinesOf(address),
  };
}
