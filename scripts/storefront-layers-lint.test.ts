import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule that keeps the storefront's lib and ui primitives below its features, layouts and routes
// (eslint.config.js, docs/architecture.md section 7), run on sample code at the paths it is meant for.

const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

const upward = [
  'import { useRootData } from "~/features/layout/root-data";\nexport const hook = useRootData;\n',
  'import type { CartLine } from "../features/cart/cart-line";\nexport type Line = CartLine;\n',
  'import type { loader } from "~/root";\nexport type Loader = typeof loader;\n',
  'import { meta } from "~/routes/home";\nexport const homeMeta = meta;\n',
  'import { CheckoutLayout } from "~/layouts/checkout-layout";\nexport const Layout = CheckoutLayout;\n',
];

describe("the storefront's layers", () => {
  it("refuses an import of a feature, a layout, a route module or the root in lib, components/ui and components/forms", async () => {
    for (const code of upward) {
      expect(await layerErrors(code, "apps/storefront/app/lib/sample.ts"), code).toHaveLength(1);
      expect(await layerErrors(code, "apps/storefront/app/lib/i18n/messages/sample.ts"), code).toHaveLength(1);
      expect(await layerErrors(code, "apps/storefront/app/components/ui/sample.tsx"), code).toHaveLength(1);
      expect(await layerErrors(code, "apps/storefront/app/components/forms/sample.tsx"), code).toHaveLength(1);
    }
    const deep = 'import { t } from "../../../features/cart/cart-forms";\nexport const text = t;\n';
    expect(await layerErrors(deep, "apps/storefront/app/lib/i18n/messages/sample.ts")).toHaveLength(1);
  });

  it("allows lib, the ui primitives and the URL map, and leaves features free to import each other", async () => {
    const allowed =
      'import { t } from "~/lib/i18n/messages/ui";\nimport { Icon } from "~/components/ui/icon";\nimport { Price } from "./price";\n' +
      'import routes from "~/routes";\nexport const parts = [t, Icon, Price, routes];\n';
    expect(await layerErrors(allowed, "apps/storefront/app/components/ui/sample.tsx")).toEqual([]);
    expect(await layerErrors(allowed, "apps/storefront/app/lib/sample.ts")).toEqual([]);
    expect(await layerErrors(allowed, "apps/storefront/app/components/forms/sample.tsx")).toEqual([]);
    expect(await layerErrors(upward[0]!, "apps/storefront/app/features/cart/sample.tsx")).toEqual([]);
  });
});
