import fc from "fast-check";
import qs from "qs";
import type { JsonSchema, OpenApiDocument, Operation } from "./openapi-operations";
import { resolveSchema } from "./openapi-operations";
import { schemaType, valueArbitrary, type ArbitraryContext } from "./schema-arbitraries";

/**
 * Requests generated from an operation's schemas: a valid-ish request, then one mutation of it, of one kind.
 * Every kind that applies to the operation is used in turn, with a valid request every third time.
 */
export const INPUT_KINDS = [
  "valid",
  "wrong-type",
  "missing-required",
  "unknown-key",
  "out-of-range",
  "fractional",
  "nan-infinity",
  "control-chars",
  "long-string",
  "unicode",
  "deep-nesting",
  "array-scalar",
  "single-value-array",
  "bad-url-encoding",
  "malformed-json",
  "wrong-content-type",
  "oversized-body",
  "bad-header",
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];
export type Caller = "anonymous" | "signed-in" | "admin";

/** The bootstrap admin key the fuzzed API is given (ADMIN_API_KEYS): the "admin" caller sends it, as an owner. */
export const FUZZ_ADMIN_KEY = "fuzz-admin-key-0123456789";

/** A request exactly as it is sent: `{token}` in a header stands for the caller's fresh access token. */
export interface FuzzRequest {
  kind: InputKind;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The same request in another form that must be answered alike (`?Skus=QB-1` and `?Skus[0]=QB-1`). */
  twin?: FuzzRequest;
}

/** Where a value sits in a request, and the schema it should follow. */
interface Slot {
  where: "path" | "query" | "body" | "header";
  keys: (string | number)[];
  schema?: JsonSchema;
  type?: string;
  required: boolean;
}

interface Draft {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
  rawPath: Record<string, string>;
  rawQuery: string[];
  rawBody?: string;
  /** null: no Content-Type header at all. */
  contentType?: string | null;
  arrayFormat: "indices" | "brackets" | "repeat";
}

/** The 256 KB body limit the API sets, and the size of a body that must exceed it. */
const OVERSIZED_BODY_CHARACTERS = 300 * 1024;
/** Stands in a JSON text for a literal JSON.stringify cannot write (NaN, 1e400, deep nesting). */
const RAW_LITERAL = "\u0000fuzz-raw-literal\u0000";
/** A JWT-shaped token signed by no one (alg "none"), for anonymous callers' Authorization headers. */
const FORGED_TOKEN = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwic2lkIjoieCJ9.";

const OUT_OF_RANGE_NUMBERS = [
  2_147_483_648,
  2 ** 53,
  2 ** 53 + 2,
  -1,
  0,
  -2_147_483_649,
  1e308,
  2_147_483_647,
  Number.MAX_SAFE_INTEGER,
  1e20,
];
const FRACTIONAL_NUMBERS = [1.5, 0.5, 2.000001, 1e-7, -0.5, 3.14159];
const NOT_A_NUMBER_TEXT = ["NaN", "Infinity", "-Infinity", "1e400", "0x1F", " 7", "7 ", "+7", "", "1_000", "٣", "１２"];
const NOT_A_NUMBER_LITERALS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e-400", "-0", "1E2", "0.0e0"];
const CONTROL_CHARACTERS = ["\u0000", "\u0001", "\u001b", "\u007f", "\u0008", "\r\n", "\u0085", "\u2028"];
const UNICODE_TEXT = [
  "😀📚",
  "\u202eoll\u202c",
  "مرحبا بالعالم",
  "e\u0301\u0302\u0303",
  "Z\u0336\u0321a\u0334l\u0336g\u0338o",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\ufeffbom",
  "\u200d\u200b",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "１２３",
  "İstanbul",
  "ß",
];
const BAD_URL_ENCODINGS = [
  "%",
  "%E0%A4%A",
  "%ZZ",
  "%00",
  "%C0%AF",
  "..%2F..%2Fetc",
  "%2e%2e",
  "%F0%9F%98%80",
  "%ED%A0%80",
  "%FF",
  "a%2Fb",
  "%25",
];
const MALFORMED_JSON = [
  "{",
  '{"a":',
  "{'a':1}",
  "[1,]",
  "nul",
  "",
  " ",
  '{"a":1}}',
  '{"a":1}{"b":2}',
  '"unterminated',
  "\u0000",
  "\ufeff{}",
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  "NaN",
  "[".repeat(20_000),
];
const WRONG_CONTENT_TYPES: (string | null)[] = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/xml",
  "application/json-patch+json",
  "application/json; charset=utf-16",
  "application/jsonx",
  "*/*",
  "",
  null,
];
const UNKNOWN_KEYS = ["unknownField", "__proto__", "constructor", "price", "isAdmin", "", "k".repeat(300), "ключ", "Ids[]", "toString"];
const UNKNOWN_VALUES: unknown[] = [1, "x", { polluted: true }, null, [1]];
/** Header values a real socket can carry (tab, printable ASCII, Latin-1), whatever inject() would accept. */
const BAD_HEADER_VALUES: Record<string, string[]> = {
  currencycode: ["", "XXX", "gbp", "G B P", "ÿÿÿ", "GBP,EUR", "x".repeat(5000), "1", "GBP\t", "€"],
  countrycode: ["", "XX", "gb", "G B", "ÿÿ", "GB,FR", "x".repeat(5000), "1", "GB\t", "Ü"],
  authorization: [
    "",
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    "Bearer a.b.c",
    `Bearer ${"a".repeat(10_000)}`,
    "Bearer {token}x",
    "bearer {token}",
    "Bearer {token} {token}",
    "Bearer\t{token}",
    `Bearer ${FORGED_TOKEN}`,
    "Bearer ÿ",
  ],
  storekey: ["", "s".repeat(150), "test-store ", "TEST-STORE", "ÿ", "test-store\t"],
};
const HEADER_SLOTS = Object.keys(BAD_HEADER_VALUES);

/** Every place of an operation's request that a mutation can reach, walked from its schemas. */
function slotsOf(document: OpenApiDocument, operation: Operation): Slot[] {
  const slots: Slot[] = [];
  const walk = (where: Slot["where"], schema: JsonSchema | undefined, keys: Slot["keys"], required: boolean, depth: number) => {
    const resolved = schema ? resolveSchema(document, schema) : undefined;
    slots.push({ where, keys, schema: resolved, type: schemaType(document, resolved), required });
    if (!resolved || depth > 4) return;
    const properties = resolved.properties as Record<string, JsonSchema> | undefined;
    const requiredKeys = new Set((resolved.required as string[] | undefined) ?? []);
    for (const [key, property] of Object.entries(properties ?? {})) walk(where, property, [...keys, key], requiredKeys.has(key), depth + 1);
    if (resolved.items) walk(where, resolved.items as JsonSchema, [...keys, 0], true, depth + 1);
  };
  for (const parameter of operation.pathParameters) walk("path", parameter.schema, [parameter.name], true, 0);
  for (const parameter of operation.queryParameters) walk("query", parameter.schema, [parameter.name], parameter.required === true, 0);
  if (operation.body) walk("body", operation.body.schema, [], operation.body.required, 0);
  for (const name of HEADER_SLOTS) slots.push({ where: "header", keys: [name], type: "string", required: false });
  return slots;
}

/** A query parameter that is a list of scalars (`Skus`, `Ids`), which has a single-value form. */
function isScalarArrayParameter(document: OpenApiDocument, slot: Slot) {
  if (slot.where !== "query" || slot.type !== "array" || slot.keys.length !== 1) return false;
  const itemType = schemaType(document, slot.schema?.items as JsonSchema | undefined);
  return itemType !== "object" && itemType !== "array";
}

const hasBodyMethod = (operation: Operation) => !["GET", "HEAD"].includes(operation.method);

/** The kinds of input that can be made for an operation (a GET has no body to break, a call without ids no id). */
export function applicableKinds(document: OpenApiDocument, operation: Operation): InputKind[] {
  const slots = slotsOf(document, operation).filter((slot) => slot.where !== "header");
  const has = (test: (slot: Slot) => boolean) => slots.some(test);
  const numeric = (slot: Slot) => slot.type === "integer" || slot.type === "number";
  const applies: Record<InputKind, boolean> = {
    valid: true,
    "wrong-type": slots.length > 0,
    "missing-required": has((slot) => slot.required),
    "unknown-key": true,
    "out-of-range": has(numeric),
    fractional: has(numeric),
    "nan-infinity": has(numeric),
    "control-chars": slots.length > 0,
    "long-string": slots.length > 0,
    unicode: slots.length > 0,
    "deep-nesting": true,
    "array-scalar": has((slot) => slot.type === "array" || slot.keys.length > 0),
    "single-value-array": has((slot) => isScalarArrayParameter(document, slot)),
    "bad-url-encoding": true,
    "malformed-json": hasBodyMethod(operation),
    "wrong-content-type": hasBodyMethod(operation),
    "oversized-body": hasBodyMethod(operation),
    "bad-header": true,
  };
  return INPUT_KINDS.filter((kind) => applies[kind]);
}

/** Which kind the i-th request of an operation is: valid every third, the other kinds in turn between. */
export function kindOf(kinds: InputKind[], index: number): InputKind {
  const others = kinds.filter((kind) => kind !== "valid");
  if (index % 3 === 0 || others.length === 0) return "valid";
  return others[(index - 1 - Math.floor(index / 3)) % others.length]!;
}

/** Random choices a mutation makes, drawn by fast-check so that they replay from the seed. */
interface Choice {
  /** Mutate every leaf of one part of the request rather than one slot. */
  broad: boolean;
  slot: number;
  pick: number;
  position: number;
  junk: string;
}

/**
 * The sweep: every id or number field of the operation once with 2147483648 (one past a 32-bit column), and
 * every text field once with a NUL byte in a valid value (PostgreSQL refuses NUL in text), each alone in an
 * otherwise valid-ish request so that nothing else stops it before the handler.
 */
function sweepCases(slots: Slot[]): { kind: InputKind; slot: Slot }[] {
  const leaves = slots.filter((slot) => slot.where !== "header" && slot.type !== "object" && slot.type !== "array");
  return leaves.flatMap((slot): { kind: InputKind; slot: Slot }[] => {
    if (slot.type === "integer" || slot.type === "number") return [{ kind: "out-of-range", slot }];
    if (slot.type === "string") return [{ kind: "control-chars", slot }];
    return [];
  });
}

/**
 * The requests for one operation and caller: the sweep, then `count` generated ones. The same seed, document
 * and known values give the same requests.
 */
export function generateRequests(
  context: ArbitraryContext,
  operation: Operation,
  options: { seed: number; count: number; caller: Caller },
): FuzzRequest[] {
  const { document } = context;
  const kinds = applicableKinds(document, operation);
  const slots = slotsOf(document, operation);
  const sweep = sweepCases(slots);
  const draftArbitrary = fc.record({
    path: fc.record(
      Object.fromEntries(
        operation.pathParameters.map((parameter) => [
          parameter.name,
          pathValueArbitrary(context, operation, parameter.name, parameter.schema),
        ]),
      ),
    ),
    query: fc.record(
      Object.fromEntries(
        operation.queryParameters.map((parameter) => [parameter.name, valueArbitrary(context, parameter.schema ?? {}, parameter.name)]),
      ),
      { requiredKeys: operation.queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
    ),
    body: operation.body ? valueArbitrary(context, operation.body.schema) : fc.constant(undefined),
    currencycode: fc.option(fc.constantFrom(...((context.known.get("currencycode") as string[] | undefined) ?? ["GBP"])), {
      nil: undefined,
    }),
    countrycode: fc.option(fc.constantFrom(...((context.known.get("countrycode") as string[] | undefined) ?? ["GB"])), { nil: undefined }),
    arrayFormat: fc.constantFrom("indices" as const, "brackets" as const, "repeat" as const),
  });
  const choiceArbitrary: fc.Arbitrary<Choice> = fc.record({
    broad: fc.boolean(),
    slot: fc.nat(),
    pick: fc.nat(),
    position: fc.nat(),
    junk: fc.string({ unit: "binary", minLength: 1, maxLength: 12 }),
  });
  const samples = fc.sample(fc.tuple(draftArbitrary, choiceArbitrary), { seed: options.seed, numRuns: sweep.length + options.count });

  return samples.map(([generated, choice], index) => {
    const swept = sweep[index];
    const kind = swept?.kind ?? kindOf(kinds, index - sweep.length);
    const draft: Draft = {
      path: generated.path,
      query: generated.query as Record<string, unknown>,
      headers: {
        ...(generated.currencycode ? { currencycode: generated.currencycode } : {}),
        ...(generated.countrycode ? { countrycode: generated.countrycode } : {}),
        ...(options.caller === "signed-in" ? { authorization: "Bearer {token}" } : {}),
        ...(options.caller === "admin" ? { "admin-key": FUZZ_ADMIN_KEY } : {}),
      },
      body: generated.body,
      rawPath: {},
      rawQuery: [],
      arrayFormat: generated.arrayFormat,
    };
    if (swept?.kind === "out-of-range") setAt(draft, swept.slot, 2_147_483_648);
    else if (swept) setAt(draft, swept.slot, textWith(valueAt(draft, swept.slot), "\u0000", choice.position));
    else if (kind === "single-value-array") return singleValueTwins(context, operation, slots, draft, choice);
    else mutate(kind, operation, slots, draft, choice);
    return render(kind, operation, draft);
  });
}

/**
 * Path parameters take known values by the operation (`delete /admin/products/{id}`: one that must not spoil the
 * shop for the operations after it), else by the path around them (`products/{id}`), else by name.
 */
function pathValueArbitrary(context: ArbitraryContext, operation: Operation, name: string, schema: JsonSchema | undefined) {
  const segments = operation.path.split("/");
  const at = segments.findIndex((segment) => segment.includes(`{${name}}`));
  const around = `${segments[at - 1] ?? ""}/${segments[at] ?? ""}`.toLowerCase();
  const known = context.known.get(`${operation.method} ${operation.path}`.toLowerCase()) ?? context.known.get(around);
  const generated = valueArbitrary(context, schema ?? { type: "string" }, name);
  return known?.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated;
}

const pickFrom = <T>(values: readonly T[], index: number): T => values[index % values.length]!;

/** The slots that pass the test; all of them (headers aside) when none does. */
function slotsWhere(slots: Slot[], test: (slot: Slot) => boolean) {
  const chosen = slots.filter(test);
  return chosen.length > 0 ? chosen : slots.filter((slot) => slot.where !== "header");
}

function containerOf(draft: Draft, where: Slot["where"]): Record<string, unknown> {
  if (where === "path") return draft.path;
  if (where === "query") return draft.query;
  if (where === "header") return draft.headers;
  return { body: draft.body };
}

/** Reads a slot's value from the draft (undefined when its containers are absent). */
function valueAt(draft: Draft, slot: Slot): unknown {
  const keys = slot.where === "body" ? ["body", ...slot.keys] : slot.keys;
  return keys.reduce<unknown>(
    (node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
    containerOf(draft, slot.where),
  );
}

/** Own property, even for "__proto__", so that it is sent rather than changing a prototype. */
function defineKey(target: object, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Writes a value at a slot, making the containers on the way; `undefined` deletes the key. */
function setAt(draft: Draft, slot: Slot, value: unknown) {
  const root = containerOf(draft, slot.where);
  const keys = slot.where === "body" ? ["body", ...slot.keys] : slot.keys;
  let node = root as Record<string | number, unknown>;
  for (const [index, key] of keys.slice(0, -1).entries()) {
    const next = node[key];
    if (next === null || typeof next !== "object") defineKey(node, key, typeof keys[index + 1] === "number" ? [] : {});
    node = node[key] as Record<string | number, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node) && typeof last === "number") node.splice(last, 1);
    else delete node[last];
  } else {
    defineKey(node, last, value);
  }
  if (slot.where === "body") draft.body = (root as { body?: unknown }).body;
}

/** The body as JSON text with a literal JSON.stringify cannot write (NaN, 1e400, deep nesting) for each RAW_LITERAL. */
function withRawLiterals(body: unknown, literal: string) {
  return (JSON.stringify(body) ?? "null").replaceAll(JSON.stringify(RAW_LITERAL), literal);
}

function textWith(current: unknown, insert: string, position: number) {
  const text = typeof current === "string" && current.length > 0 ? current : "abc";
  const at = position % (text.length + 1);
  return text.slice(0, at) + insert + text.slice(at);
}

function wrongTypeValues(type: string | undefined): unknown[] {
  switch (type) {
    case "string":
      return [123, true, null, {}, [], -1.5];
    case "integer":
    case "number":
      return ["abc", true, null, {}, [], "12abc", ""];
    case "boolean":
      return ["true", 1, 0, null, "yes", []];
    case "array":
      return ["x", 1, {}, null, true];
    case "object":
      return [[], "x", 1, null, true];
    default:
      return [null, {}, [], "x", 1];
  }
}

/** Applies one mutation of `kind` to the draft, at the slot the choice points to. */
function mutate(kind: InputKind, operation: Operation, allSlots: Slot[], draft: Draft, choice: Choice) {
  const slots = allSlots.filter((slot) => slot.where !== "header");
  const numeric = (slot: Slot) => slot.type === "integer" || slot.type === "number";
  const stringy = (slot: Slot) => slot.type === "string" || (slot.where !== "body" && slot.keys.length > 0);
  const inBody = (slot: Slot) => slot.where === "body";
  const at = (candidates: Slot[]) => pickFrom(candidates, choice.slot);
  /**
   * One slot; or, for a broad choice, every leaf of the same part of the request (all the body's ids at once),
   * which finds an unbounded field in few requests where one slot at a time would need many.
   */
  const each = (eligible: Slot[], value: (slot: Slot) => unknown) => {
    const slot = at(eligible);
    const leaves = eligible.filter(
      (candidate) => candidate.where === slot.where && candidate.type !== "object" && candidate.type !== "array",
    );
    for (const target of choice.broad && leaves.length > 0 ? leaves : [slot]) setAt(draft, target, value(target));
  };
  switch (kind) {
    case "valid":
      return;
    case "wrong-type": {
      const slot = at(slots);
      return setAt(draft, slot, pickFrom(wrongTypeValues(slot.type), choice.pick));
    }
    case "missing-required":
      return setAt(draft, at(slotsWhere(slots, (slot) => slot.required)), undefined);
    case "unknown-key": {
      const objects = slots.filter((slot) => slot.type === "object");
      const key = pickFrom(UNKNOWN_KEYS, choice.pick);
      const value = pickFrom(UNKNOWN_VALUES, choice.position);
      // The query string is an object too: an unknown parameter.
      const target = objects.length > 0 && choice.position % 2 === 0 ? at(objects) : undefined;
      if (!target) return defineKey(draft.query, key, value);
      const container = valueAt(draft, target);
      if (container === null || typeof container !== "object" || Array.isArray(container)) setAt(draft, target, {});
      return setAt(draft, { ...target, keys: [...target.keys, key] }, value);
    }
    case "out-of-range":
      return each(slotsWhere(slots, numeric), () => pickFrom(OUT_OF_RANGE_NUMBERS, choice.pick));
    case "fractional":
      return each(slotsWhere(slots, numeric), () => pickFrom(FRACTIONAL_NUMBERS, choice.pick));
    case "nan-infinity": {
      const eligible = slotsWhere(slots, numeric);
      if (inBody(at(eligible)) && choice.position % 2 === 0) {
        each(eligible, () => RAW_LITERAL);
        draft.rawBody = withRawLiterals(draft.body, pickFrom(NOT_A_NUMBER_LITERALS, choice.pick));
        return;
      }
      return each(eligible, () => pickFrom(NOT_A_NUMBER_TEXT, choice.pick));
    }
    case "control-chars": {
      // NUL (which PostgreSQL refuses in text) every other time, any of the others between.
      const character = choice.pick % 2 === 0 ? "\u0000" : pickFrom(CONTROL_CHARACTERS, choice.pick >> 1);
      return each(slotsWhere(slots, stringy), (slot) =>
        choice.position % 4 === 0 ? character : textWith(valueAt(draft, slot), character, choice.position),
      );
    }
    case "long-string": {
      const length = pickFrom([10_000, 16_384, 70_000], choice.pick);
      const unit = pickFrom(["x", "😀", "a-", "%"], choice.position);
      return each(slotsWhere(slots, stringy), () => unit.repeat(Math.ceil(length / unit.length)));
    }
    case "unicode": {
      const text = choice.pick % 5 === 4 ? choice.junk : pickFrom(UNICODE_TEXT, choice.pick);
      return each(slotsWhere(slots, stringy), (slot) =>
        choice.position % 2 === 0 ? text : textWith(valueAt(draft, slot), text, choice.position),
      );
    }
    case "deep-nesting": {
      const depth = pickFrom([64, 1000, 5000], choice.pick);
      const bodySlots = slots.filter(inBody);
      if (bodySlots.length > 0 && choice.position % 3 !== 2) {
        const nested =
          choice.position % 2 === 0 ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
        setAt(draft, at(bodySlots), RAW_LITERAL);
        draft.rawBody = withRawLiterals(draft.body, nested);
        return;
      }
      const name = operation.queryParameters[choice.slot % Math.max(operation.queryParameters.length, 1)]?.name ?? "q";
      draft.rawQuery.push(`${name}${"[a]".repeat(depth)}=1`);
      return;
    }
    case "array-scalar": {
      const slot = at(slotsWhere(slots, (candidate) => candidate.keys.length > 0));
      const current = valueAt(draft, slot);
      if (slot.type === "array") return setAt(draft, slot, Array.isArray(current) && current.length > 0 ? current[0] : "x");
      return setAt(draft, slot, choice.pick % 2 === 0 ? [current ?? 1] : [current ?? 1, current ?? 1]);
    }
    case "bad-url-encoding": {
      const encoding = pickFrom(BAD_URL_ENCODINGS, choice.pick);
      const pathSlots = slots.filter((slot) => slot.where === "path");
      if (pathSlots.length > 0 && choice.position % 2 === 0) {
        const name = String(at(pathSlots).keys[0]);
        draft.rawPath[name] = choice.position % 4 === 0 ? encoding : `${encodeUrlComponent(String(draft.path[name] ?? ""))}${encoding}`;
        return;
      }
      const name = operation.queryParameters[choice.slot % Math.max(operation.queryParameters.length, 1)]?.name;
      draft.rawQuery.push(name && choice.position % 3 !== 1 ? `${name}=${encoding}` : `${encoding}=1`);
      return;
    }
    case "malformed-json":
      draft.rawBody = pickFrom(MALFORMED_JSON, choice.pick);
      draft.contentType = "application/json";
      return;
    case "wrong-content-type":
      if (draft.body === undefined) draft.body = {};
      draft.contentType = pickFrom(WRONG_CONTENT_TYPES, choice.pick);
      return;
    case "oversized-body": {
      const filler = pickFrom(["x", "😀"], choice.pick).repeat(OVERSIZED_BODY_CHARACTERS);
      const bodySlots = slots.filter((slot) => inBody(slot) && slot.type === "string");
      if (bodySlots.length > 0) return setAt(draft, at(bodySlots), filler);
      draft.rawBody = JSON.stringify({ ...(typeof draft.body === "object" && draft.body !== null ? draft.body : {}), filler });
      return;
    }
    case "bad-header": {
      const name = pickFrom(HEADER_SLOTS, choice.slot);
      draft.headers[name] = pickFrom(BAD_HEADER_VALUES[name]!, choice.pick);
      return;
    }
    case "single-value-array":
      throw new Error("single-value-array requests are made by singleValueTwins");
  }
}

/**
 * An array query parameter with one known value, sent as `?Skus=QB-1`, with its twin `?Skus[0]=QB-1`: a client
 * generated from the document sends the first form, so both must be answered alike.
 */
function singleValueTwins(context: ArbitraryContext, operation: Operation, slots: Slot[], draft: Draft, choice: Choice): FuzzRequest {
  const arrays = slots.filter((slot) => isScalarArrayParameter(context.document, slot));
  const slot = pickFrom(arrays, choice.slot);
  const name = String(slot.keys[0]);
  const current = valueAt(draft, slot);
  const known = context.known.get(name.toLowerCase());
  const single = Array.isArray(current) && current.length > 0 ? current[0] : (known?.[choice.pick % known.length] ?? "x");
  setAt(draft, slot, [single]);
  const indexed = render("single-value-array", operation, { ...draft, arrayFormat: "indices" });
  setAt(draft, slot, single);
  const scalar = render("single-value-array", operation, { ...draft, arrayFormat: "indices" });
  return { ...scalar, twin: indexed };
}

/** The request with the caller's access token in place of `{token}` (a forged one for anonymous callers). */
export function withToken(request: FuzzRequest, token: string | null): FuzzRequest {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, value.replaceAll("{token}", token ?? FORGED_TOKEN)]),
  );
  return { ...request, headers, ...(request.twin ? { twin: withToken(request.twin, token) } : {}) };
}

/** Percent-encodes text as UTF-8, a lone surrogate as the three bytes it would take (which no decoder accepts). */
function encodeUrlComponent(text: string): string {
  let encoded = "";
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const isLow = unit >= 0xdc00 && unit <= 0xdfff;
    const next = text.charCodeAt(index + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (isHigh || isLow) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else {
      encoded += encodeURIComponent(text[index]!);
    }
  }
  return encoded;
}

function render(kind: InputKind, operation: Operation, draft: Draft): FuzzRequest {
  const path = operation.path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => draft.rawPath[name] ?? encodeUrlComponent(String(draft.path[name] ?? "")),
  );
  const query = [
    // A list of scalars takes each of qs's forms (`Skus[0]=`, `Skus[]=`, `Skus=`); a list of objects only the
    // indexed one (`Filters[0][Code]=`), as the others cannot say which fields belong together.
    ...Object.entries(draft.query).map(([name, value]) =>
      qs.stringify(Object.defineProperty({}, name, { value, enumerable: true }), {
        arrayFormat:
          Array.isArray(value) && value.every((item) => item === null || typeof item !== "object") ? draft.arrayFormat : "indices",
        // Brackets stay readable in a printed request; qs reads them either way.
        encoder: (text, _default, _charset, type) => {
          const encoded = encodeUrlComponent(String(text));
          return type === "key" ? encoded.replaceAll("%5B", "[").replaceAll("%5D", "]") : encoded;
        },
      }),
    ),
    ...draft.rawQuery,
  ]
    .filter(Boolean)
    .join("&");
  const payload = draft.rawBody ?? (draft.body === undefined ? undefined : JSON.stringify(draft.body));
  const contentType =
    draft.contentType === undefined
      ? payload === undefined
        ? null
        : (operation.body?.mediaType ?? "application/json")
      : draft.contentType;
  return {
    kind,
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers: { ...draft.headers, ...(contentType === null ? {} : { "content-type": contentType }) },
    ...(payload === undefined ? {} : { payload }),
  };
}

/** A 32-bit seed of its own for each operation and caller (FNV-1a), so one operation replays alone. */
export function seedFor(seed: number, operation: Operation, caller: Caller): number {
  let hash = 0x811c9dc5;
  for (const character of `${seed}:${operation.key}:${caller}`) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash | 0;
}
