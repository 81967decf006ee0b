import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No module reads another module's tables (docs/decisions/040). The lint (eslint.config.js, tested by
// module-boundaries-lint.test.ts) sees imports: a drizzle table object of another module cannot be imported. It
// cannot see SQL text: `sql\`select ... from discount_code_uses\`` reads orders' table with no import at all.
// This test reads every module's source and names each line whose SQL text names a table another module owns,
// with the table's owner. A flow owns no table, so any table named in a flow's SQL text is named too.
//
// - Tables and their owners: each `pgTable("name", ...)` (and `pgSequence("name", ...)`) in a module's
//   `*.tables.ts`, a folder inside a module (catalog/search) counting as the module's own.
// - SQL text: the text of a `sql`-tagged template (not what its `${...}` put in: an interpolated table is an
//   import, the lint's business); a string or template given to `sql.raw(...)`, `.query(...)` or `.execute(...)`;
//   and any other string or template that starts as a statement does (`select`, `insert`, `update`, `with`...,
//   written in lower or upper case: a capitalised "Update ..." is prose). Strings that are not SQL (messages,
//   URLs, job names, import paths) are not read: "orders" is a word before it is a table.
// - A name counts where it stands alone (word-bounded: letters, digits and `_` around it end it), except where
//   SQL makes it something else than a table: an alias being defined (`count(*) as orders`) and a column of a
//   table or alias (`t.orders`; `public.orders` is the table). A column that shares a table's name is written
//   qualified.
// - A `*.tables.ts` file is read like any other: its `references(() => orders.id)` names a table for a foreign
//   key in code, not in SQL text, and the database is one.
// - Not read: tests (`*.test.ts`), and the modules' test helpers, named `*-test-*.ts` or `*-testing.ts`
//   (checkout-test-shop.ts, cart-test-catalogue.ts...). A helper builds the fixtures tests start from and may
//   write other modules' tables to do it (checkout-test-shop.ts inserts baskets straight into cart's `carts`
//   and `cart_lines`, hundreds at once, for the races). The last test here keeps that exclusion honest: no
//   file that is read imports a helper, so what a helper does never runs in the API.
// There is no list of exceptions: a module that needs another's rows asks its service (the owner adds the
// function there).

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const MODULES = "apps/api/src/modules";
const FLOWS = "apps/api/src/flows";

interface Owner {
  module: string;
  file: string;
}

interface Mention {
  line: number;
  table: string;
  owner: Owner;
}

/** Tests and the modules' test helpers: not part of the API that runs. */
function isTestCode(file: string): boolean {
  const name = basename(file);
  return name.endsWith(".test.ts") || /-test-/.test(name) || name.endsWith("-testing.ts");
}

/** The TypeScript files under a folder of the repository, as paths from its root. */
function sourceFiles(folder: string): string[] {
  return readdirSync(posix.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => posix.join(folder, path.split("\\").join("/")))
    .sort();
}

/** The module a file of apps/api/src/modules belongs to (its first folder there); flows belong to none. */
function moduleOf(file: string): string | null {
  const match = /^apps\/api\/src\/modules\/([^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

/** The SQL names of the tables and sequences declared in the given `*.tables.ts` files, with their module. */
function tableOwners(files: readonly { path: string; text: string }[]): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  for (const { path, text } of files) {
    const module = moduleOf(path);
    if (module === null || !path.endsWith(".tables.ts")) continue;
    for (const match of text.matchAll(/\bpg(?:Table|Sequence)\(\s*["'`]([^"'`]+)["'`]/g)) {
      owners.set(match[1]!, { module, file: path.slice(MODULES.length + 1) });
    }
  }
  return owners;
}

/** Where SQL starts a statement: the first word of the text, in lower or upper case. */
const STATEMENT_START =
  /^\s*\(?\s*(?:select|insert|update|delete|with|create|alter|drop|truncate|lock|merge|copy|SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|TRUNCATE|LOCK|MERGE|COPY)\s/;

type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;

/** Whether a string or template literal holds SQL text (see the rules at the top). */
function isSqlText(node: Literal): boolean {
  const parent = node.parent;
  if (ts.isTaggedTemplateExpression(parent)) return ts.isIdentifier(parent.tag) && parent.tag.text === "sql";
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    const callee = parent.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (method === "query" || method === "execute") return true;
      if (method === "raw" && ts.isIdentifier(callee.expression) && callee.expression.text === "sql") return true;
    }
  }
  const opening = ts.isTemplateExpression(node) ? node.head.text : node.text;
  return STATEMENT_START.test(opening);
}

/**
 * Each line of a module's (or flow's) source whose SQL text names a table another module owns. `file` is the
 * source's path from the repository's root: it says which module is reading.
 */
function foreignTableMentions(file: string, source: string, owners: ReadonlyMap<string, Owner>): Mention[] {
  const reader = moduleOf(file);
  const foreign = [...owners.keys()].filter((table) => owners.get(table)!.module !== reader);
  if (foreign.length === 0) return [];
  const names = new RegExp(
    `(?<![A-Za-z0-9_$])(?:${foreign.map((table) => table.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![A-Za-z0-9_$])`,
    "g",
  );
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const mentions: Mention[] = [];
  const read = (piece: ts.Node) => {
    const start = piece.getStart(sourceFile);
    // The literal as written, its escapes (\n, \") blanked at the same length so that positions stay.
    const text = source.slice(start, piece.getEnd()).replace(/\\./g, "  ");
    for (const match of text.matchAll(names)) {
      const before = text.slice(0, match.index);
      if (/\bas\s+"?$/i.test(before)) continue;
      const qualifier = /([A-Za-z0-9_]*)"?\."?$/.exec(before);
      if (qualifier && qualifier[1]!.toLowerCase() !== "public") continue;
      const line = sourceFile.getLineAndCharacterOfPosition(start + match.index).line + 1;
      mentions.push({ line, table: match[0], owner: owners.get(match[0])! });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isSqlText(node)) read(node);
    } else if (ts.isTemplateExpression(node) && isSqlText(node)) {
      read(node.head);
      for (const span of node.templateSpans) read(span.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return mentions;
}

function describeMention(file: string, mention: Mention): string {
  return `${file}:${mention.line}: ${mention.table} is the ${mention.owner.module} module's table (${mention.owner.file})`;
}

const moduleFiles = sourceFiles(MODULES).map((path) => ({ path, text: readFileSync(posix.join(root, path), "utf8") }));
const owners = tableOwners(moduleFiles);

/** A sample file's mentions, as the report reads them. */
function sample(file: string, source: string): string[] {
  return foreignTableMentions(file, source, owners).map((mention) => describeMention(file, mention));
}

describe("SQL text across the API's module boundaries", () => {
  it("knows each table's owner from the modules' tables files, a folder inside a module counting as the module", () => {
    expect(owners.get("discount_code_uses")).toEqual({ module: "orders", file: "orders/orders.tables.ts" });
    expect(owners.get("carts")?.module).toBe("cart");
    expect(owners.get("product_variants")?.module).toBe("catalog");
    expect(owners.get("search_documents")).toEqual({ module: "catalog", file: "catalog/search/search.tables.ts" });
    expect(owners.get("order_number_seq")?.module).toBe("orders");
    expect(owners.size).toBeGreaterThan(50);
  });

  it("names a line whose SQL reads another module's table, with the table's owner", () => {
    // checkout.repository.ts's countDiscountUses, before it moved behind the orders module.
    const countDiscountUses = [
      "export async function countDiscountUses(db: Db, input: { discountCodeId: number }) {",
      "  const [row] = await sqlRows<{ uses: number }>(",
      "    db,",
      "    sql`select count(*)::int as uses from discount_code_uses u",
      "        where u.discount_code_id = ${input.discountCodeId}`,",
      "  );",
      "  return row?.uses ?? 0;",
      "}",
    ].join("\n");
    expect(sample("apps/api/src/modules/checkout/checkout.repository.ts", countDiscountUses)).toEqual([
      "apps/api/src/modules/checkout/checkout.repository.ts:4: discount_code_uses is the orders module's table (orders/orders.tables.ts)",
    ]);
    // The owner's own SQL is its business.
    expect(sample("apps/api/src/modules/orders/discount-code-uses.repository.ts", countDiscountUses)).toEqual([]);
    // A folder inside a module reads as the module, and reads other modules' tables no more than it does.
    expect(
      sample("apps/api/src/modules/catalog/search/sample.repository.ts", "sql`select 1 from ${documents} d join stores s on true`"),
    ).toEqual([
      "apps/api/src/modules/catalog/search/sample.repository.ts:1: stores is the stores module's table (stores/stores.tables.ts)",
    ]);
    expect(sample("apps/api/src/modules/catalog/sample.repository.ts", "sql`select id from search_documents`")).toEqual([]);
  });

  it("reads SQL in every form it takes: tagged, nested, raw, quoted, qualified by the schema, in strings that start a statement", () => {
    const file = "apps/api/src/modules/returns/sample.repository.ts";
    const mentions = (source: string) => foreignTableMentions(file, source, owners).map(({ line, table }) => `${line}:${table}`);
    expect(mentions("sql`select 1 from ${orderReturns} r join order_lines l on l.id = r.line_id`")).toEqual(["1:order_lines"]);
    expect(mentions("sql`select ${flag ? sql`1` : sql`(select count(*) from payments)`}`")).toEqual(["1:payments"]);
    expect(mentions('db.execute(sql.raw("delete from orders where id = 1"))')).toEqual(["1:orders"]);
    expect(mentions('sql`update "order_lines" set total = 0`')).toEqual(["1:order_lines"]);
    expect(mentions("client.query(`lock table public.orders in share mode`)")).toEqual(["1:orders"]);
    expect(mentions("const text = `\n  SELECT *\n    FROM carts`;")).toEqual(["3:carts"]);
    expect(mentions('const statement = "update stores set name = $1";')).toEqual(["1:stores"]);
  });

  it("leaves alone what is not a table in SQL text: prose, paths, imports, aliases, columns, interpolated and foreign-key tables", () => {
    const file = "apps/api/src/modules/returns/sample.ts";
    const mentions = (source: string) => foreignTableMentions(file, source, owners).map(({ line, table }) => `${line}:${table}`);
    expect(mentions('import { findOrderBuyers } from "../orders/placed-orders.service";')).toEqual([]);
    expect(mentions('throw new AppError("return_not_allowed", "Only delivered orders can be returned");')).toEqual([]);
    expect(mentions('const summary = "Update your orders and payments";')).toEqual([]);
    expect(mentions("api(`/v2/checkout/orders/${reference}`)")).toEqual([]);
    expect(mentions('const job = "cancel-unpaid-orders";')).toEqual([]);
    expect(mentions("// select * from orders\nconst n = 1;")).toEqual([]);
    expect(mentions("sql`select count(distinct l.order_id) as orders from ${lines} l order by t.orders desc`")).toEqual([]);
    expect(mentions('sql`select p.id as "payments", "t"."carts" from ${returns} p`')).toEqual([]);
    expect(mentions("sql`select * from ${orders} o where o.id = ${orderId}`")).toEqual([]);
    expect(mentions("sql`select * from orders_archive, my_orders, ${x}.orders`")).toEqual([]);
    const foreignKey = [
      'import { orders } from "../orders/orders.tables";',
      'export const sample = pgTable("sample", {',
      "  orderId: integer().references(() => orders.id),",
      '}, (t) => [check("sample_check", sql`${t.orderId} > 0`)]);',
    ].join("\n");
    expect(foreignTableMentions("apps/api/src/modules/returns/sample.tables.ts", foreignKey, owners)).toEqual([]);
  });

  it("names no line of the API's modules or flows: each reads only its own tables in SQL", () => {
    const read = [
      ...moduleFiles,
      ...sourceFiles(FLOWS).map((path) => ({ path, text: readFileSync(posix.join(root, path), "utf8") })),
    ].filter(({ path }) => !isTestCode(path));
    expect(read.length).toBeGreaterThan(100);
    const found = read.flatMap(({ path, text }) =>
      foreignTableMentions(path, text, owners).map((mention) => describeMention(path, mention)),
    );
    expect(found).toEqual([]);
  });

  it("leaves the test helpers out only because nothing the API runs imports one", () => {
    const helpers = moduleFiles.filter(({ path }) => isTestCode(path) && !path.endsWith(".test.ts"));
    expect(helpers.map(({ path }) => basename(path))).toContain("checkout-test-shop.ts");
    const imports: string[] = [];
    for (const { path, text } of moduleFiles.filter(({ path }) => !isTestCode(path))) {
      const sourceFile = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        const specifier =
          (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
            ? node.moduleSpecifier.text
            : ts.isCallExpression(node) &&
                node.expression.kind === ts.SyntaxKind.ImportKeyword &&
                node.arguments[0] &&
                ts.isStringLiteral(node.arguments[0])
              ? node.arguments[0].text
              : null;
        if (specifier !== null && specifier.startsWith(".") && isTestCode(`${specifier}.ts`)) imports.push(`${path}: ${specifier}`);
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
    expect(imports).toEqual([]);
  });
});
