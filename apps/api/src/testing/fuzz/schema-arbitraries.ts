import fc from "fast-check";
import { resolveSchema, type JsonSchema, type OpenApiDocument } from "./openapi-operations";

/** What a schema's values are drawn from: the document (for `$ref`s) and the shop's known values by name. */
export interface ArbitraryContext {
  document: OpenApiDocument;
  /** Existing values by field or parameter name, lower-cased (see knownValuesOf). */
  known: Map<string, readonly unknown[]>;
}

/** The JSON type a schema describes, as far as generating or mutating a value needs to know it. */
export function schemaType(document: OpenApiDocument, schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  const resolved = resolveSchema(document, schema);
  const type = Array.isArray(resolved.type) ? resolved.type.find((entry) => entry !== "null") : resolved.type;
  if (typeof type === "string") return type;
  if (resolved.properties) return "object";
  if (resolved.items) return "array";
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return typeof resolved.enum[0];
  const branches = (resolved.anyOf ?? resolved.oneOf ?? resolved.allOf) as JsonSchema[] | undefined;
  return branches?.map((branch) => schemaType(document, branch)).find((branchType) => branchType && branchType !== "null");
}

/** Lower and upper bounds of a numeric schema, reading OpenAPI 3.0's boolean and 3.1's numeric exclusive bounds. */
function bounds(schema: JsonSchema, integer: boolean) {
  const step = integer ? 1 : Number.EPSILON;
  let min = typeof schema.minimum === "number" ? schema.minimum : -Number.MAX_SAFE_INTEGER;
  let max = typeof schema.maximum === "number" ? schema.maximum : Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMinimum === true) min += step;
  if (typeof schema.exclusiveMinimum === "number") min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  if (typeof schema.exclusiveMaximum === "number") max = schema.exclusiveMaximum - step;
  return { min: Math.max(min, -Number.MAX_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

function patternOf(source: string): RegExp | undefined {
  for (const flags of ["u", ""]) {
    try {
      return new RegExp(source, flags);
    } catch {
      // Not valid with these flags; try the next.
    }
  }
  return undefined;
}

/**
 * Text for a string schema. Nothing here filters: a filter that rarely passes would spin forever, so a value
 * that misses a length bound is sent as it is (a valid-ish request may be refused; it never stalls the run).
 */
function stringArbitrary(schema: JsonSchema, name: string | undefined): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Math.max(200, minLength);
  const text = (unit?: fc.Arbitrary<string>) =>
    fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 24), ...(unit ? { unit } : {}) });
  if (schema.format === "email" || /email/i.test(name ?? "")) {
    // Mostly plain addresses, as shoppers type them; now and then RFC 5322's stranger corners.
    const plain = fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}(?:\.[a-z0-9]{1,8})?$/), fc.constantFrom("example.com", "example.org", "mail.example.co.uk"))
      .map(([local, domain]) => `${local}@${domain}`);
    return fc.oneof({ arbitrary: plain, weight: 4 }, { arbitrary: fc.emailAddress(), weight: 1 });
  }
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  const pattern = typeof schema.pattern === "string" ? patternOf(schema.pattern) : undefined;
  if (!pattern) return text();
  // fast-check cannot build every pattern (negated Unicode property classes): plain text mostly fits those.
  const matching = (regex: RegExp) => {
    try {
      return fc.stringMatching(regex);
    } catch {
      return undefined;
    }
  };
  // `^[class]+$` and the like: characters of the class, as many as the length bounds ask.
  const repeated = /^\^(\[(?:\\.|[^\]])+\])[*+]\$$/.exec(pattern.source);
  if (repeated) return text(matching(new RegExp(`^${repeated[1]}$`, pattern.flags)));
  return matching(pattern) ?? text();
}

/**
 * Valid-ish values for a schema: what the schema allows, leaning on the shop's known values for a field of
 * that name so that requests name things that exist. Optional properties come and go; arrays stay short.
 */
export function valueArbitrary(context: ArbitraryContext, schema: JsonSchema, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(context.document, schema);
  const generated = fromSchema(context, resolved, name, depth);
  // A list's known values are its items' (`lineItemIds`): the list passes its name down to them.
  const named =
    name === undefined || schemaType(context.document, resolved) === "array" ? undefined : context.known.get(name.toLowerCase());
  // A field of a closed set (an enum) takes only the known values it allows: `code` names an attribute in one
  // call and a notice's kind in another.
  const allowed = Array.isArray(resolved.enum) ? (resolved.enum as unknown[]) : undefined;
  const known = allowed ? named?.filter((value) => allowed.includes(value)) : named;
  if (!known?.length) return generated;
  return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: generated, weight: 1 });
}

function fromSchema(context: ArbitraryContext, schema: JsonSchema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"));
  const value = nonNullFromSchema(context, schema, name, depth);
  return nullable ? fc.option(value, { freq: 8, nil: null }) : value;
}

function nonNullFromSchema(context: ArbitraryContext, schema: JsonSchema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((branch) => valueArbitrary(context, branch, name, depth)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const parts = (schema.allOf as JsonSchema[]).map((part) => resolveSchema(context.document, part));
    if (parts.length === 1) return fromSchema(context, parts[0]!, name, depth);
    const merged: JsonSchema = {
      type: "object",
      properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
      required: parts.flatMap((part) => (part.required as string[] | undefined) ?? []),
    };
    return fromSchema(context, merged, name, depth);
  }
  switch (schemaType(context.document, schema)) {
    case "string":
      return stringArbitrary(schema, name);
    case "integer": {
      const { min, max } = bounds(schema, true);
      const low = Math.ceil(min);
      const high = Math.floor(max);
      // Mostly small numbers, where ids, quantities and pages live; now and then anywhere in range.
      return fc.oneof(
        { arbitrary: fc.integer({ min: low, max: Math.min(high, Math.max(low, 0) + 30) }), weight: 4 },
        { arbitrary: fc.integer({ min: low, max: high }), weight: 1 },
      );
    }
    case "number": {
      const { min, max } = bounds(schema, false);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === "number" ? schema.maxItems : 3, minLength + 3);
      return fc.array(valueArbitrary(context, items, name, depth + 1), { minLength, maxLength });
    }
    case "object": {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      // Deep in a recursive schema, only what is required.
      const names = Object.keys(properties).filter((key) => depth < 4 || required.has(key));
      const model = Object.fromEntries(names.map((key) => [key, valueArbitrary(context, properties[key]!, key, depth + 1)]));
      return fc.record(model, { requiredKeys: names.filter((key) => required.has(key)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
