import { StatusBadge } from "~/components/ui";

/** An address as the API answers it: the lines a label prints, and the defaults of a customer's own book. */
export interface ListedAddress {
  id: number;
  addressLines: string[];
  phone: string | null;
  isDefaultDelivery?: boolean;
  isDefaultBilling?: boolean;
}

/**
 * A customer's or a company's addresses, each as the label would print it, with the defaults marked: a list
 * of `address` elements, so a screen reader reads each as one.
 */
export function AddressList({ addresses, label, empty }: { addresses: ListedAddress[]; label: string; empty: string }) {
  if (addresses.length === 0) return <p className="text-sm">{empty}</p>;
  return (
    <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-3">
      {addresses.map((address) => (
        <li key={address.id} className="rounded-md border border-zinc-200 p-3 text-sm">
          <address className="not-italic">
            {address.addressLines.map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
            {address.phone ? <span className="block">{address.phone}</span> : null}
          </address>
          {address.isDefaultDelivery || address.isDefaultBilling ? (
            <p className="mt-2 flex flex-wrap gap-1">
              {address.isDefaultDelivery ? <StatusBadge status="default delivery" /> : null}
              {address.isDefaultBilling ? <StatusBadge status="default billing" /> : null}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
