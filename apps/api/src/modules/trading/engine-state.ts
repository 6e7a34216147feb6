import type { EngineState } from '@ledgerline/engine';

/*
 * The engine's state is plain data with bigints. It is stored as JSON with every bigint written as
 * its digits followed by `n` (`"125050n"`), and read back the same way: the state that comes back
 * is the state that went in, so a step resumed from the database places exactly the orders an
 * uninterrupted run would.
 */

const bigintText = /^-?\d+n$/;

/** The state as JSON-ready data, bigints as `"<digits>n"`. */
export function storedState(state: EngineState): unknown {
  return JSON.parse(
    JSON.stringify(state, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
  );
}

/** The state read back from its stored form. */
export function loadedState(stored: unknown): EngineState {
  return JSON.parse(JSON.stringify(stored), (_key, value: unknown) =>
    typeof value === 'string' && bigintText.test(value) ? BigInt(value.slice(0, -1)) : value,
  ) as EngineState;
}
