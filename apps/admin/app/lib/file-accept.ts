/**
 * Whether a file matches an input's `accept` list, as the browser's own picker filters it: a token that starts with
 * a dot is a file name's ending ("`.csv`"), one that ends in "/*" a family of media types ("`image/*`"), any other
 * a media type ("`text/csv`"); case does not matter. An empty list accepts everything. A file dropped on a drop
 * zone meets no picker, so the zone asks this before it takes the file.
 */
export function acceptsFile(accept: string, file: { name: string; type: string }): boolean {
  const tokens = accept
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) =>
    token.startsWith(".") ? name.endsWith(token) : token.endsWith("/*") ? type.startsWith(token.slice(0, -1)) : type === token,
  );
}
