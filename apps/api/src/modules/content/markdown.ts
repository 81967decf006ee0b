import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/*
 * Markdown as the merchant writes pages and posts (decision 051). The source is rendered to HTML with marked and
 * the HTML sanitised with sanitize-html, once, when the text is written; both are stored, and the storefront inserts
 * the stored HTML as it is. Raw HTML in the source is allowed through marked and then cut down by the sanitiser like
 * everything else: only the tags and attributes of prose survive, links only to http(s), mail and the shop's own
 * paths, pictures only from http(s) and the shop's own paths. No script, style, frame, form or event handler.
 */

// One parser of our own, so that no other code's marked.use() changes how a merchant's text is read.
const parser = new Marked({ gfm: true, breaks: false, async: false });

const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "del",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title"], th: ["align"], td: ["align"], ol: ["start"], code: ["class"] },
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // The page's own title is its one h1: a heading of the text starts at h2.
  transformTags: { h1: "h2" },
  disallowedTagsMode: "discard",
};

/** The sanitised HTML of Markdown `source`. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(parser.parse(source) as string, SANITISE);
}
