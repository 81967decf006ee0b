/*
 * What other modules ask of the state machines: a row moved along an edge of its machine and the move recorded
 * (`transition`), and an entity's history (`listTransitions`). Both run in the caller's transaction.
 */
export { listTransitions, listTransitionsOf, transition } from "./state-transitions.repository";
export type { TransitionActor } from "./state-machine";
