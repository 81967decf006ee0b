import type { CheckoutSummary } from "@quire/contracts";
import type { CheckoutStep } from "./checkout-stepper";
import { EDITABLE_SECTIONS, type EditableSection } from "./checkout-forms";

/**
 * Where a shopper is in checkout (docs/storefront-behaviour/checkout.md), from the API's summary alone: its `missing`
 * list says what still stands between the basket and the order, so the page needs no state of its own and a reload (or
 * a browser without JavaScript) lands on the same step.
 */

/** The page's sections, in order: customer information, delivery (address, option, billing), payment. */
export type CheckoutSection = "details" | "delivery" | "payment";
const SECTIONS: readonly CheckoutSection[] = ["details", "delivery", "payment"];

/** How a section shows: open (its forms), done (what was given, and "Change"), or still to come (its title). */
export type SectionState = "open" | "done" | "todo";

type Missing = CheckoutSummary["missing"];

const DELIVERY_STEPS: readonly Missing[number][] = ["delivery_address", "delivery_option", "billing_address"];

/** The first section with something missing; payment once nothing is (the minimum order is the payment step's to show). */
export function firstIncompleteSection(missing: Missing): CheckoutSection {
  if (missing.includes("customer_info")) return "details";
  if (missing.some((step) => DELIVERY_STEPS.includes(step))) return "delivery";
  return "payment";
}

/** A section named by the page's `edit` parameter, or null when it names none. */
export function parseEditableSection(value: string | null): EditableSection | null {
  return EDITABLE_SECTIONS.find((section) => section === value) ?? null;
}

/**
 * The section open on the page: the one the shopper reopened to change, when it comes before the first
 * incomplete one (a later section cannot be reached early), else the first incomplete one.
 */
export function openSection(missing: Missing, editing: EditableSection | null): CheckoutSection {
  const first = firstIncompleteSection(missing);
  // The delivery address and the billing address are parts of the delivery section.
  const requested: CheckoutSection | null = editing === null ? null : editing === "details" ? "details" : "delivery";
  return requested !== null && SECTIONS.indexOf(requested) <= SECTIONS.indexOf(first) ? requested : first;
}

/** Whether everything a section asks for is given. Payment is never done before the order. */
export function isSectionComplete(missing: Missing, section: CheckoutSection): boolean {
  if (section === "details") return !missing.includes("customer_info");
  if (section === "delivery") return !missing.some((step) => DELIVERY_STEPS.includes(step));
  return false;
}

/**
 * How each section shows while `open` is open: those before it are done; those after it still to come,
 * unless they were finished before the shopper went back to change something.
 */
export function sectionStates(missing: Missing, open: CheckoutSection): Record<CheckoutSection, SectionState> {
  const stateOf = (section: CheckoutSection): SectionState => {
    const [index, openIndex] = [SECTIONS.indexOf(section), SECTIONS.indexOf(open)];
    if (index === openIndex) return "open";
    return index < openIndex || isSectionComplete(missing, section) ? "done" : "todo";
  };
  return { details: stateOf("details"), delivery: stateOf("delivery"), payment: stateOf("payment") };
}

/** The stepper's step for an open section: 0 customer information, 1 delivery and billing, 2 payment type. */
export function stepOfSection(section: CheckoutSection): CheckoutStep {
  return section === "details" ? 0 : section === "delivery" ? 1 : 2;
}

/**
 * The step once the order is placed: a signed-in customer moves on to the payment
 * process (3), an anonymous one to the order confirmation (4).
 */
export function stepAfterOrder(signedIn: boolean): CheckoutStep {
  return signedIn ? 3 : 4;
}
