import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("a merchant's Markdown", () => {
  it("renders prose: headings from h2, emphasis, lists, links within the shop and to other sites, pictures", () => {
    const html = renderMarkdown(
      "# Winter reading\n\nSome *new* **books**:\n\n- one\n- two\n\n[Fiction](/store/fiction) and [a review](https://reviews.example/a) ![Cover](https://img.example/c.png)",
    );
    expect(html).toContain("<h2>Winter reading</h2>");
    expect(html).toContain("<em>new</em> <strong>books</strong>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="/store/fiction">Fiction</a>');
    expect(html).toContain('<a href="https://reviews.example/a">a review</a>');
    expect(html).toContain('<img src="https://img.example/c.png" alt="Cover" />');
  });

  it("lets no script, event handler, javascript: link, frame or style through", () => {
    const html = renderMarkdown(
      [
        "<script>alert('a')</script>",
        '<img src="/x.png" onerror="alert(\'b\')">',
        "[click](javascript:alert('c'))",
        "<a href=\"JaVaScRiPt:alert('d')\">here</a>",
        '<a href="//evil.example/">there</a>',
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
        '<p style="color:red" onclick="alert(\'e\')">styled</p>',
        "![pixel](data:image/png;base64,AAAA)",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<style|style=|data:|evil\.example/i);
    expect(html).toContain('<img src="/x.png" />');
    expect(html).toContain("<p>styled</p>");
  });
});
