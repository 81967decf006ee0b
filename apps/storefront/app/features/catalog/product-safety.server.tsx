import type { ProductSafety, SafetyParty } from "@quire/contracts";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { t } from "~/lib/i18n/messages/catalog-product-server";

const regionNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** An email address as a mail link, a web address as a link, as the merchant wrote it. */
function ElectronicAddress({ value }: { value: string }) {
  const href = /^https?:\/\//i.test(value) ? value : `mailto:${value}`;
  return (
    <a href={href} className="text-accent underline underline-offset-3">
      {value}
    </a>
  );
}

function Party({ party }: { party: SafetyParty }) {
  return (
    <>
      <span className="block">{party.name}</span>
      <span className="block whitespace-pre-line">{party.postalAddress}</span>
      <span className="block">{regionNames.of(party.countryCode) ?? party.countryCode}</span>
      <ElectronicAddress value={party.electronicAddress} />
    </>
  );
}

/**
 * A product's safety information, as the EU General Product Safety Regulation asks a shop to show it beside the
 * product (decision 059): its manufacturer, the person responsible for it in the EU, what identifies it, its warnings.
 */
function ProductSafetySection({ safety }: { safety: ProductSafety }) {
  const rows: { term: string; detail: ReactNode }[] = [
    { term: t("catalog.product.safety_manufacturer"), detail: <Party party={safety.manufacturer} /> },
  ];
  if (safety.responsiblePerson) {
    rows.push({ term: t("catalog.product.safety_responsible_person"), detail: <Party party={safety.responsiblePerson} /> });
  }
  if (safety.identifiers) rows.push({ term: t("catalog.product.safety_identifiers"), detail: safety.identifiers });
  rows.push({
    term: t("catalog.product.safety_warnings"),
    detail: <span className="block whitespace-pre-line">{safety.warnings || t("catalog.product.safety_no_warnings")}</span>,
  });
  return (
    <section aria-labelledby="product-safety">
      <h2 id="product-safety" className="text-xl">
        {t("catalog.product.safety")}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 text-sm">
        {rows.map((row) => (
          <div key={row.term} className="col-span-2 grid grid-cols-subgrid border-b border-line py-2">
            <dt className="text-ink-muted">{row.term}</dt>
            <dd className="text-ink">{row.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The section as markup, made by the product page's loader: the same with or without JavaScript, and none of its code
 * or texts in the page's script (it never changes in the browser). React escapes every text the merchant wrote.
 */
export function productSafetyMarkup(safety: ProductSafety): string {
  return renderToStaticMarkup(<ProductSafetySection safety={safety} />);
}
