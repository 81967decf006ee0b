import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rules that keep the API's modules and flows apart (eslint.config.js, docs/decisions/040), run on
// sample code at the paths they are meant for and the paths they leave alone.

const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });
const RULES = new Set(["no-restricted-imports", "@typescript-eslint/no-restricted-imports"]);

async function refusals(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && RULES.has(message.ruleId))
    .map((message) => message.message);
}

const startsAFlow = 'import { settleRefund } from "../../flows/refund.flow";\nexport const sample = settleRefund;\n';
const readsAnotherRepository =
  'import { findRefundWithPayment } from "../payments/refunds.repository";\nexport const sample = findRefundWithPayment;\n';

describe("the API's module boundaries", () => {
  it("refuses a flow in a module's service or repository, and allows it at the module's edges", async () => {
    expect(await refusals(startsAFlow, "apps/api/src/modules/orders/sample.service.ts")).toEqual([
      expect.stringContaining("A module does not start a flow"),
    ]);
    expect(await refusals(startsAFlow, "apps/api/src/modules/orders/sample.repository.ts")).toHaveLength(1);
    expect(await refusals(startsAFlow, "apps/api/src/modules/orders/sample.routes.ts")).toEqual([]);
    expect(await refusals(startsAFlow, "apps/api/src/modules/orders/sample-command.ts")).toEqual([]);
    // The first lint loads ESLint's configuration and typescript-eslint: seconds, and more on a busy machine.
  }, 60_000);

  it("refuses another module's repository anywhere in a module, and allows its own and other services", async () => {
    expect(await refusals(readsAnotherRepository, "apps/api/src/modules/orders/sample.service.ts")).toEqual([
      expect.stringContaining("Another module's repository is its own"),
    ]);
    expect(await refusals(readsAnotherRepository, "apps/api/src/modules/orders/sample.routes.ts")).toHaveLength(1);
    const own = 'import { findRefundWithPayment } from "./refunds.repository";\nexport const sample = findRefundWithPayment;\n';
    expect(await refusals(own, "apps/api/src/modules/payments/sample.service.ts")).toEqual([]);
    const service = 'import { findRefundBySource } from "../payments/refunds.service";\nexport const sample = findRefundBySource;\n';
    expect(await refusals(service, "apps/api/src/modules/returns/sample.service.ts")).toEqual([]);
  });

  it("refuses another module's tables in a module, type imports too, and allows a foreign key in a tables file", async () => {
    const tables = 'import { orders } from "../orders/orders.tables";\nexport const sample = orders;\n';
    expect(await refusals(tables, "apps/api/src/modules/returns/sample.repository.ts")).toEqual([
      expect.stringContaining("Another module's tables are its own"),
    ]);
    expect(await refusals(tables, "apps/api/src/modules/returns/sample.service.ts")).toHaveLength(1);
    const typeOnly = 'import type { PageBlock } from "../content/content.tables";\nexport type Sample = PageBlock;\n';
    expect(await refusals(typeOnly, "apps/api/src/modules/blog/sample.ts")).toHaveLength(1);
    expect(await refusals(tables, "apps/api/src/modules/returns/sample.tables.ts")).toEqual([]);
    expect(await refusals(readsAnotherRepository, "apps/api/src/modules/returns/sample.tables.ts")).toHaveLength(1);
    expect(await refusals(tables, "apps/api/src/modules/returns/sample.test.ts")).toEqual([]);
  });

  it("counts a folder inside a module as the module's own, and its way out as leaving it", async () => {
    const ownTables = 'import { products } from "../catalog.tables";\nexport const sample = products;\n';
    expect(await refusals(ownTables, "apps/api/src/modules/catalog/search/sample.repository.ts")).toEqual([]);
    const otherTables = 'import { stores } from "../../stores/stores.tables";\nexport const sample = stores;\n';
    expect(await refusals(otherTables, "apps/api/src/modules/catalog/search/sample.repository.ts")).toEqual([
      expect.stringContaining("Another module's tables are its own"),
    ]);
    expect(await refusals(otherTables, "apps/api/src/modules/catalog/search/sample.tables.ts")).toEqual([]);
    const otherRepository = 'import { findStoreName } from "../../stores/stores.repository";\nexport const sample = findStoreName;\n';
    expect(await refusals(otherRepository, "apps/api/src/modules/catalog/search/sample.service.ts")).toHaveLength(1);
    const ownFromOutside = 'import { searchKey } from "./search/search-index.repository";\nexport const sample = searchKey;\n';
    expect(await refusals(ownFromOutside, "apps/api/src/modules/catalog/sample.repository.ts")).toEqual([]);
  });

  it("refuses a module's repository or tables in a flow, and allows its service", async () => {
    const repository =
      'import { findRefundWithPayment } from "../modules/payments/refunds.repository";\nexport const sample = findRefundWithPayment;\n';
    const tables = 'import { orders } from "../modules/orders/orders.tables";\nexport const sample = orders;\n';
    expect(await refusals(repository, "apps/api/src/flows/sample.flow.ts")).toEqual([
      expect.stringContaining("A flow calls the module's service"),
    ]);
    expect(await refusals(tables, "apps/api/src/flows/sample.flow.ts")).toHaveLength(1);
    const service = 'import { recordRefund } from "../modules/payments/refunds.service";\nexport const sample = recordRefund;\n';
    expect(await refusals(service, "apps/api/src/flows/sample.flow.ts")).toEqual([]);
  });
});
