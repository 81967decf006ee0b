import type { AddressAnswer } from "@quire/contracts";

/** An address as a postal label shows it (the API's lines), with the phone number under it. */
export function PostalAddress({ address }: { address: Pick<AddressAnswer, "addressLines" | "phone"> }) {
  return (
    <address className="not-italic leading-relaxed">
      {address.addressLines.map((line, index) => (
        <span key={index} className={index === 0 ? "block font-semibold" : "block"}>
          {line}
        </span>
      ))}
      {address.phone ? <span className="mt-1 block text-sm text-ink-muted">{address.phone}</span> : null}
    </address>
  );
}
