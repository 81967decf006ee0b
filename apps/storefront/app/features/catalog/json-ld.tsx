import { serialiseJsonLd } from "./structured-data";

/** Structured data for search engines, escaped so nothing in it can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialiseJsonLd(data) }} />;
}
