/*
 * The sandbox's test cards: the numbers Stripe documents for its test mode, so a developer who knows them
 * finds them here, and any other number that passes the Luhn check is an ordinary successful card.
 */

export type CardOutcome =
  { kind: "approved" } | { kind: "declined"; code: "card_declined" | "insufficient_funds"; message: string } | { kind: "challenge" };

export interface TestCard {
  number: string;
  brand: "visa" | "mastercard" | "american-express";
  description: string;
  outcome: CardOutcome;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", description: "Succeeds", outcome: { kind: "approved" } },
  { number: "5555555555554444", brand: "mastercard", description: "Succeeds", outcome: { kind: "approved" } },
  { number: "378282246310005", brand: "american-express", description: "Succeeds", outcome: { kind: "approved" } },
  {
    number: "4000000000000002",
    brand: "visa",
    description: "Declined",
    outcome: { kind: "declined", code: "card_declined", message: "Your card was declined." },
  },
  {
    number: "4000000000009995",
    brand: "visa",
    description: "Declined: insufficient funds",
    outcome: { kind: "declined", code: "insufficient_funds", message: "Your card has insufficient funds." },
  },
  {
    number: "4000000000003220",
    brand: "visa",
    description: "Asks for 3-D Secure authentication",
    outcome: { kind: "challenge" },
  },
];

/** The Luhn check every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What paying with `number` does: a test card's outcome, approval for any other valid number, else null. */
export function cardOutcome(number: string): CardOutcome | null {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return null;
  return TEST_CARDS.find((card) => card.number === digits)?.outcome ?? { kind: "approved" };
}
