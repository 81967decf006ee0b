/** The text of the first <h1> of a server-rendered page, tags removed and React's entities decoded. */
export function firstHeadingOf(html: string): string {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
  return inner.replace(/<[^>]+>/g, "").replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => entities[entity]!);
}
