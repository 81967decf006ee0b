// The password rules as plain functions with no zod: the schemas (NewPasswordSchema in identity.ts) use them,
// and the browser's strength indicator runs them on every keystroke (docs/decisions/022).

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Passwords everyone tries first. The check ignores case, digits, symbols and common letter swaps
 * (P@ssw0rd!2024 is "password"), so a list this short still catches most of what attackers guess first.
 */
const COMMON_PASSWORD_WORDS = new Set([
  "password",
  "passwords",
  "passphrase",
  "qwerty",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "letmein",
  "welcome",
  "iloveyou",
  "admin",
  "administrator",
  "monkey",
  "dragon",
  "football",
  "baseball",
  "sunshine",
  "princess",
  "trustno",
  "master",
  "shadow",
  "superman",
  "batman",
  "starwars",
  "login",
  "hello",
  "helloworld",
  "freedom",
  "whatever",
  "secret",
  "abc",
  "abcdef",
  "abcdefgh",
  "abcdefghijkl",
  "changeme",
  "default",
  "quire",
  "quirebooks",
  "books",
  "bookshop",
  "shopping",
  "summer",
  "winter",
  "autumn",
  "spring",
  "london",
  "england",
  "liverpool",
  "chelsea",
  "arsenal",
  "charlie",
  "michael",
  "jennifer",
  "jordan",
  "access",
  "mustang",
  "computer",
  "internet",
  "test",
  "testing",
  "user",
  "guest",
  "qazwsx",
  "zaq",
  "pass",
  "love",
  "lovely",
  "flower",
  "cookie",
  "cheese",
]);

/** The word inside a password: outer digits and symbols dropped, common swaps undone, lower-cased. */
function passwordWord(password: string): string {
  const swaps: Record<string, string> = {
    "@": "a",
    "4": "a",
    "8": "b",
    "3": "e",
    "1": "l",
    "!": "i",
    "0": "o",
    $: "s",
    "5": "s",
    "7": "t",
  };
  // "Password1234!" is "password": digits and symbols around the word are the usual decoration.
  const inner = password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return [...inner]
    .map((char) => swaps[char] ?? char)
    .join("")
    .replace(/[^\p{L}]/gu, "");
}

/** A password that is one character repeated, a few characters cycled, or a run such as 123456789012. */
function isRepeatOrRun(password: string): boolean {
  const points = [...password.toLowerCase()].map((char) => char.codePointAt(0)!);
  if (new Set(points).size <= 3) return true;
  const step = points[1]! - points[0]!;
  return (
    Math.abs(step) === 1 &&
    points.every((point, index) => index === 0 || point - points[index - 1]! === step || Math.abs(point - points[index - 1]!) === 9)
  );
}

/** True for a password that is one of the commonly guessed words, whatever its case, digits and symbols. */
export function isCommonPassword(password: string): boolean {
  if (isRepeatOrRun(password)) return true;
  const word = passwordWord(password);
  if (word.length === 0) return false;
  if (COMMON_PASSWORD_WORDS.has(word)) return true;
  // One word repeated: "passwordpassword", "qwertyqwerty".
  for (const common of COMMON_PASSWORD_WORDS) {
    if (word.length % common.length === 0 && common.repeat(word.length / common.length) === word) return true;
  }
  return false;
}

/** True when the password is the account's email (or its part before the @), which the API refuses. */
export function passwordMatchesEmail(password: string, email: string): boolean {
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  return candidate === address || candidate === address.split("@")[0];
}

export type PasswordStrength = "weak" | "medium" | "strong";

/**
 * An estimate for the strength indicator (weak red, medium orange, strong green). Pure
 * and dependency-free so the browser can run it on every keystroke. It guesses at the work an attacker
 * needs: length times the size of the character set used, discounting repeats, runs (abc, 321, aaa),
 * common words and the customer's own details (`context`: email, names). Weak below the API's minimum.
 */
export function estimatePasswordStrength(password: string, context: string[] = []): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH || isCommonPassword(password)) return "weak";
  for (const value of context) {
    const lowered = value.trim().toLowerCase();
    if (lowered.length > 0 && passwordMatchesEmail(password, lowered)) return "weak";
  }

  const chars = [...password];
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(password)) pool += /[^\x20-\x7e]/.test(password) ? 100 : 33;

  // A character continuing a run (same, next or previous code point) adds almost nothing.
  let effectiveLength = 0;
  for (const [index, char] of chars.entries()) {
    const previous = chars[index - 1];
    const step = previous === undefined ? Number.NaN : char.toLowerCase().codePointAt(0)! - previous.toLowerCase().codePointAt(0)!;
    effectiveLength += Math.abs(step) <= 1 ? 0.25 : 1;
  }
  // The customer's own details are the first thing a targeted guess tries.
  const lowered = password.toLowerCase();
  for (const value of context.flatMap((item) => item.toLowerCase().split(/[^a-z0-9]+/))) {
    if (value.length >= 3 && lowered.includes(value)) effectiveLength -= value.length * 0.75;
  }
  if (new Set(chars).size < 6) effectiveLength = Math.min(effectiveLength, 6);

  const bits = Math.max(0, effectiveLength) * Math.log2(Math.max(pool, 2));
  if (bits >= 80) return "strong";
  if (bits >= 50) return "medium";
  return "weak";
}
