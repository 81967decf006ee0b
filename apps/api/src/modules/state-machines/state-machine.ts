/**
 * A state machine as data: the states an entity can be in and the edges between them. Statuses of carts,
 * orders, payments, returns and refunds change only along these edges, through `transition()` in
 * state-transitions.repository.ts, which checks the edge, changes the row and records who, when and why
 * (decision 017). The table is the documentation: a reader sees every way a status can move in one place.
 */
/**
 * Who moved an entity: a customer or merchant by id, an anonymous visitor or the system without one. A merchant's
 * change also says who of the shop made it, in words (a member of staff's email, a token's name, "admin key 1").
 */
export type TransitionActor =
  { type: "customer"; id: number } | { type: "merchant"; id: number; label?: string } | { type: "anonymous" | "system"; id?: undefined };

export interface StateMachine<S extends string> {
  /** The entity kind, as recorded in the transition history ("cart", "order"...). */
  readonly name: string;
  readonly states: readonly S[];
  /** For each state, the states it may move to. A state with none is final. */
  readonly edges: Readonly<Record<S, readonly S[]>>;
}

/** Defines a machine from its edges; every state must be a key, even a final one (with no edges). */
export function defineStateMachine<const S extends string>(name: string, edges: Record<S, readonly S[]>): StateMachine<S> {
  const states = Object.keys(edges) as S[];
  for (const [from, targets] of Object.entries(edges) as [S, readonly S[]][]) {
    for (const to of targets) {
      if (!states.includes(to)) throw new Error(`${name}: the edge ${from} → ${to} leads to a state the machine does not define`);
      if (to === from) throw new Error(`${name}: ${from} → ${from} is not a transition`);
    }
  }
  return { name, states, edges };
}

export function canTransition<S extends string>(machine: StateMachine<S>, from: S, to: S): boolean {
  return machine.edges[from].includes(to);
}

/** Every allowed edge, for tests and documentation. */
export function listEdges<S extends string>(machine: StateMachine<S>): [S, S][] {
  return machine.states.flatMap((from) => machine.edges[from].map((to): [S, S] => [from, to]));
}

/** Every pair of distinct states that is not an edge: what the machine refuses. */
export function listRefusedEdges<S extends string>(machine: StateMachine<S>): [S, S][] {
  return machine.states.flatMap((from) =>
    machine.states.filter((to) => to !== from && !canTransition(machine, from, to)).map((to): [S, S] => [from, to]),
  );
}
