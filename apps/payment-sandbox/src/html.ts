/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Tagged template for HTML: interpolated strings are escaped; `raw()` marks markup built here as safe. */
export function html(strings: TemplateStringsArray, ...values: (string | number | Raw | Raw[])[]): Raw {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    const parts = Array.isArray(value) ? value : [value];
    out += parts.map((part) => (part instanceof Raw ? part.markup : escapeHtml(String(part)))).join("");
    out += strings[index + 1] ?? "";
  });
  return new Raw(out);
}

export class Raw {
  constructor(readonly markup: string) {}
}

/**
 * A whole hosted page: plain, accessible HTML with its own small stylesheet and no script. Everything sits in a
 * landmark: the brand and the sandbox note in the banner, the page's content in main.
 */
export function page(input: { title: string; brand: string; accent: string; body: Raw }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)} · ${escapeHtml(input.brand)} (sandbox)</title>
<style>
  :root { color-scheme: light; font-family: system-ui, sans-serif; color: #1d1d1f; background: #f4f4f6; }
  body { margin: 0; }
  .brand { background: ${input.accent}; color: #fff; padding: 0.75rem 1.25rem; display: flex; justify-content: space-between; align-items: center; }
  .brand p { margin: 0; font-weight: 600; }
  .sandbox { margin: 0; background: #fff3c4; color: #4a3b00; padding: 0.5rem 1.25rem; font-size: 0.9rem; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; border-radius: 0.75rem; padding: 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.35rem; margin: 0 0 0.25rem; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: 0 0 1.25rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: 0.6rem 0.7rem; border: 1px solid #6b6b73; border-radius: 0.4rem; }
  .row { display: flex; gap: 0.75rem; } .row > div { flex: 1; }
  button { margin-top: 1.25rem; width: 100%; font: inherit; font-weight: 700; padding: 0.75rem; border: 0; border-radius: 0.4rem; background: ${input.accent}; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1d1d1f; border: 1px solid #6b6b73; }
  .error { background: #fde7e9; color: #8a1020; border-radius: 0.4rem; padding: 0.75rem; margin: 0 0 1rem; }
  .cards { font-size: 0.9rem; color: #4b4b52; } .cards code { color: #1d1d1f; }
  summary { cursor: pointer; padding: 0.5rem 0; } /* at least 24 px tall: WCAG 2.2's smallest target (2.5.8) */
  a { color: inherit; }
</style>
</head>
<body>
<header>
<div class="brand"><p>${escapeHtml(input.brand)}</p><p>Sandbox</p></div>
<p class="sandbox">This is Quire's local payment sandbox: no money moves and no card data leaves this machine.</p>
</header>
<main>
${input.body.markup}
</main>
</body>
</html>`;
}
