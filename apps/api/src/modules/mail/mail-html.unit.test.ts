import { describe, expect, it } from "vitest";
import { renderMailHtml, senderName } from "./mail-html";

const ORDER_URL = "https://shop.test/order-status/1.1790000000.sig";
const message = {
  subject: "Your Quire Books order QB-100007 is on its way",
  textBody: [
    "Hello Ada,",
    "",
    "Your order QB-100007 is on its way.",
    "Tracking reference: RM123456785GB",
    "",
    "See your order at any time:",
    ORDER_URL,
  ].join("\n"),
  actionUrl: ORDER_URL,
};

describe("a mail's HTML part", () => {
  it("says what the text says, paragraph by paragraph, under the shop's name", () => {
    const html = renderMailHtml(message, "Quire Books");
    expect(html).toContain("<title>Your Quire Books order QB-100007 is on its way</title>");
    expect(html).toContain(">Hello Ada,</p>");
    expect(html).toContain(">Your order QB-100007 is on its way.<br>Tracking reference: RM123456785GB</p>");
    expect(html.match(/>Quire Books<\/td>/g)).toHaveLength(2);
  });

  it("draws the action as a button named by the line above it, once", () => {
    const html = renderMailHtml(message, "Quire Books");
    expect(html).toMatch(new RegExp(`<a href="${ORDER_URL}" style="display:inline-block;[^"]*">See your order at any time</a>`));
    expect(html).not.toContain("See your order at any time:");
    expect(html.split(ORDER_URL)).toHaveLength(2);
  });

  it("names the button by the line ending the paragraph before, or 'Open' when no line leads to it", () => {
    const url = "https://shop.test/auth/reset-password/token";
    const led = renderMailHtml({ subject: "s", textBody: `Hello,\n\nChoose a new password:\n\n${url}`, actionUrl: url }, null);
    expect(led).toMatch(/">Choose a new password<\/a><\/p>/);
    expect(led).not.toContain("Choose a new password:");
    const bare = renderMailHtml({ subject: "s", textBody: `Hello.\n\n${url}`, actionUrl: url }, null);
    expect(bare).toMatch(/">Open<\/a><\/p>/);
    expect(bare).toContain(">Hello.</p>");
  });

  it("makes every other address a link, and escapes what the text says", () => {
    const html = renderMailHtml(
      { subject: "<b>", textBody: 'Ada <ada@example.com> & "friends": read https://shop.test/blog/a?x=1&y=2.', actionUrl: null },
      null,
    );
    expect(html).toContain("Ada &lt;ada@example.com&gt; &amp; &quot;friends&quot;: read ");
    expect(html).toContain(
      '<a href="https://shop.test/blog/a?x=1&amp;y=2" style="color:#8e3b24;word-break:break-all">https://shop.test/blog/a?x=1&amp;y=2</a>.',
    );
    expect(html).toContain("<title>&lt;b&gt;</title>");
    expect(html).not.toContain("<b>");
  });
});

describe("the shop's name in a mail", () => {
  it.each([
    ["Quire Books <shop@quire.example>", "Quire Books"],
    ['"Quire Books, Edinburgh" <shop@quire.example>', "Quire Books, Edinburgh"],
    ["shop@quire.example", null],
    ["<shop@quire.example>", null],
  ])("is the display name of %s", (from, name) => {
    expect(senderName(from)).toBe(name);
  });
});
