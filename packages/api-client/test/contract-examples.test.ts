import { describe, expect, it } from 'vitest';
import { answerValidator, readLiveEventSchema, readSuccessExamples } from './contract';

// The contract's examples are what a reader copies from: each must be an answer the contract allows,
// and the figures in it must add up as the server's do.
const examples = await readSuccessExamples();
const validate = answerValidator();
const liveEventSchema = await readLiveEventSchema();

const jsonExamples = examples.filter(({ mediaType }) => mediaType === 'application/json');
const eventStreamExamples = examples.filter(({ mediaType }) => mediaType === 'text/event-stream');

/** Whole cents from a USD number's decimal text, never multiplied in floating point. */
function cents(amount: number): number {
  const [whole = '0', fraction = ''] = Math.abs(amount).toString().split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount < 0 ? -value : value;
}

type TrialBalance = { lines: { account: string; balance: number }[]; total: number };

/** A trial balance of dollars (an asset's own has its amounts as decimal strings). */
function isTrialBalance(value: unknown): value is TrialBalance {
  return (
    typeof value === 'object' &&
    value !== null &&
    'lines' in value &&
    'total' in value &&
    typeof value.total === 'number'
  );
}

type AssetTrialBalance = { lines: { account: string; balance: string }[]; total: string };

/** Every asset's trial balance found anywhere in a value. */
function assetTrialBalancesIn(value: unknown): AssetTrialBalance[] {
  if (typeof value !== 'object' || value === null) return [];
  const nested = Object.values(value).flatMap(assetTrialBalancesIn);
  const isAsset = 'asset' in value && 'lines' in value && 'total' in value && typeof value.total === 'string';
  return isAsset ? [value as AssetTrialBalance, ...nested] : nested;
}

/** A decimal string in the asset's smallest unit. */
const smallest = (amount: string) => BigInt(amount.replace('.', ''));

/** Every trial balance found anywhere in a value. */
function trialBalancesIn(value: unknown): TrialBalance[] {
  if (typeof value !== 'object' || value === null) return [];
  const nested = Object.values(value).flatMap(trialBalancesIn);
  return isTrialBalance(value) ? [value, ...nested] : nested;
}

describe("the contract's examples", () => {
  it('include JSON answers, an event stream and a trial balance', () => {
    expect(jsonExamples.length).toBeGreaterThan(50);
    expect(eventStreamExamples.length).toBeGreaterThan(0);
    expect(jsonExamples.flatMap(({ value }) => trialBalancesIn(value)).length).toBeGreaterThan(0);
  });

  it.each(jsonExamples.map((example) => [`${example.operationId} (${example.name})`, example] as const))(
    '%s is an answer its schema allows',
    (_name, { schema, value }) => {
      expect(validate(schema, value)).toEqual([]);
    },
  );

  it.each(eventStreamExamples.map((example) => [example.operationId, example] as const))(
    "%s: each event's data is a LiveEvent",
    (_name, { value }) => {
      const data = String(value)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice('data:'.length)));
      expect(data.length).toBeGreaterThan(0);
      for (const event of data) expect(validate(liveEventSchema, event)).toEqual([]);
    },
  );

  it('has trial balances whose lines sum to their total, and the total is zero', () => {
    for (const { operationId, value } of jsonExamples) {
      for (const balance of trialBalancesIn(value)) {
        const sum = balance.lines.reduce((total, line) => total + cents(line.balance), 0);
        expect(sum, operationId).toBe(cents(balance.total));
        expect(balance.total, operationId).toBe(0);
      }
      for (const balance of assetTrialBalancesIn(value)) {
        const sum = balance.lines.reduce((total, line) => total + smallest(line.balance), 0n);
        expect(sum, operationId).toBe(smallest(balance.total));
        expect(smallest(balance.total), operationId).toBe(0n);
      }
    }
  });
});
