import { ProductSafetySchema, type ProductSafety, type SafetyParty } from "@quire/contracts";

/*
 * A product's safety information (decision 059) in Quire's catalogue files: ten columns, a product's cells read from
 * its first row that fills them in, as its other fields are. All of them empty: the product has none.
 */

const PARTY_COLUMNS = {
  manufacturer: {
    name: "safety_manufacturer",
    postalAddress: "safety_manufacturer_address",
    countryCode: "safety_manufacturer_country",
    electronicAddress: "safety_manufacturer_contact",
  },
  responsiblePerson: {
    name: "safety_responsible_person",
    postalAddress: "safety_responsible_address",
    countryCode: "safety_responsible_country",
    electronicAddress: "safety_responsible_contact",
  },
} as const satisfies Record<"manufacturer" | "responsiblePerson", Record<keyof SafetyParty, string>>;

/** The safety columns, in the order an export writes them. */
export const SAFETY_COLUMNS = [
  ...Object.values(PARTY_COLUMNS.manufacturer),
  ...Object.values(PARTY_COLUMNS.responsiblePerson),
  "safety_identifiers",
  "safety_warnings",
] as const;

/** A product's safety cells, in SAFETY_COLUMNS' order ("" for each when it has none). */
export function safetyCells(safety: ProductSafety | null): string[] {
  const party = (value: SafetyParty | null | undefined) => [
    value?.name ?? "",
    value?.postalAddress ?? "",
    value?.countryCode ?? "",
    value?.electronicAddress ?? "",
  ];
  return [...party(safety?.manufacturer), ...party(safety?.responsiblePerson), safety?.identifiers ?? "", safety?.warnings ?? ""];
}

/** The column a problem of ProductSafetySchema at `path` is in. */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === "identifiers") return "safety_identifiers";
  if (first === "warnings") return "safety_warnings";
  if (first === "manufacturer" || first === "responsiblePerson") {
    const columns = PARTY_COLUMNS[first];
    return typeof second === "string" && second in columns ? columns[second as keyof SafetyParty] : columns.name;
  }
  return "safety_manufacturer";
}

/**
 * Reads a product's safety information from its cells (`cell` answers a column's text, undefined or "" when empty):
 * null when every safety cell is empty, else the information as the admin API takes it, or the problems with it,
 * each in its column.
 */
export function readSafety(
  cell: (column: string) => string | undefined,
): { safety: ProductSafety | null } | { problems: { column: string; message: string }[] } {
  const text = (column: string) => cell(column) ?? "";
  if (SAFETY_COLUMNS.every((column) => text(column) === "")) return { safety: null };
  const party = (columns: Record<keyof SafetyParty, string>) => ({
    name: text(columns.name),
    postalAddress: text(columns.postalAddress),
    countryCode: text(columns.countryCode).toUpperCase(),
    electronicAddress: text(columns.electronicAddress),
  });
  const responsible = Object.values(PARTY_COLUMNS.responsiblePerson).some((column) => text(column) !== "");
  const parsed = ProductSafetySchema.safeParse({
    manufacturer: party(PARTY_COLUMNS.manufacturer),
    responsiblePerson: responsible ? party(PARTY_COLUMNS.responsiblePerson) : null,
    identifiers: text("safety_identifiers"),
    warnings: text("safety_warnings"),
  });
  if (parsed.success) return { safety: parsed.data };
  return { problems: parsed.error.issues.map((issue) => ({ column: columnOf(issue.path), message: issue.message })) };
}

/** Whether two products' safety information says the same. */
export function sameSafety(a: ProductSafety | null, b: ProductSafety | null): boolean {
  return safetyCells(a).join("\u0000") === safetyCells(b).join("\u0000") && (a === null) === (b === null);
}
