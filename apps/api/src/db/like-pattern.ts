/** Text to match as it is inside a LIKE/ILIKE pattern: its own %, _ and backslash escaped (PostgreSQL's default escape). */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
