import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule that keeps zod out of the browser's bundle (eslint.config.js, docs/decisions/022), run on
// sample code at the paths it is meant for and the paths it leaves alone.

const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

const valueImport = 'import { MAX_PAGE_SIZE } from "@quire/contracts";\nexport const size = MAX_PAGE_SIZE;\n';

describe("browser code and the contracts' zod entry", () => {
  it("refuses a value import of @quire/contracts or zod in a module that ships to the browser", async () => {
    expect(await restrictedImports(valueImport, "apps/storefront/app/features/catalog/sample.tsx")).toEqual([
      expect.stringContaining('"@quire/contracts/constants"'),
    ]);
    const zodImport = 'import { z } from "zod";\nexport const Sample = z.string();\n';
    expect(await restrictedImports(zodImport, "apps/storefront/app/components/ui/sample.ts")).toHaveLength(1);
  });

  it("allows the zod-free entry, and types from the main entry", async () => {
    const allowed =
      'import { MAX_PAGE_SIZE } from "@quire/contracts/constants";\nimport type { Cart } from "@quire/contracts";\n' +
      "export const size: number = MAX_PAGE_SIZE;\nexport type Sample = Cart;\n";
    expect(await restrictedImports(allowed, "apps/storefront/app/features/cart/sample.tsx")).toEqual([]);
  });

  it("leaves server-only modules and route modules to parse with the schemas", async () => {
    expect(await restrictedImports(valueImport, "apps/storefront/app/features/cart/sample.server.ts")).toEqual([]);
    expect(await restrictedImports(valueImport, "apps/storefront/app/routes/sample.tsx")).toEqual([]);
  });
});
