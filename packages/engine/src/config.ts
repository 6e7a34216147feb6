/*
 * Reading configurations that arrive as JSON-like data: every problem is reported against the field
 * that has it, in a sentence a person can act on, and all problems are reported at once.
 */
import { pairBase } from './assets';
import { isTimeframe, type Timeframe, timeframes } from './candles';

/** A problem with one field of a configuration. */
export interface FieldError {
  readonly field: string;
  readonly msg: string;
}

/** A configuration read successfully, or every problem it has. */
export type Validated<T> =
  | { readonly ok: true; readonly config: T }
  | { readonly ok: false; readonly errors: FieldError[] };

/** A plain object's fields, or null when the value is not a plain object. */
export function asRecord(value: unknown): Readonly<Record<string, unknown>> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Collects field errors while a configuration is read. */
export class ConfigReader {
  readonly errors: FieldError[] = [];
  constructor(
    private readonly input: Readonly<Record<string, unknown>>,
    private readonly prefix = '',
  ) {}

  fail(field: string, msg: string): void {
    this.errors.push({ field: this.prefix + field, msg });
  }

  raw(field: string): unknown {
    return this.input[field];
  }

  /** A whole number within [min, max]. */
  integer(field: string, label: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.input[field];
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.fail(field, `${label} must be a whole number`);
      return min;
    }
    if (value < min || value > max) {
      this.fail(
        field,
        max === Number.MAX_SAFE_INTEGER
          ? `${label} must be at least ${min}`
          : `${label} must be between ${min} and ${max}`,
      );
      return min;
    }
    return value;
  }

  /** A percentage with at most two decimals, above `above` and at most `atMost` (or below it when `strict`). */
  percent(
    field: string,
    label: string,
    range: { above: number; atMost: number; belowMax?: boolean },
  ): number {
    const value = this.input[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(field, `${label} must be a number`);
      return range.atMost;
    }
    if (Math.round(value * 100) !== value * 100 && Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
      this.fail(field, `${label} may have at most two decimals`);
      return range.atMost;
    }
    if (value <= range.above) {
      this.fail(field, `${label} must be more than ${range.above}%`);
      return range.atMost;
    }
    if (range.belowMax ? value >= range.atMost : value > range.atMost) {
      this.fail(field, `${label} must be ${range.belowMax ? 'below' : 'at most'} ${range.atMost}%`);
      return range.atMost;
    }
    return value;
  }

  /** Like `percent`, or null when the field is absent or null (the rule is off). */
  optionalPercent(
    field: string,
    label: string,
    range: { above: number; atMost: number; belowMax?: boolean },
  ): number | null {
    const value = this.input[field];
    return value === undefined || value === null ? null : this.percent(field, label, range);
  }

  /** Like `integer`, or null when absent or null. */
  optionalInteger(field: string, label: string, min: number, max?: number): number | null {
    const value = this.input[field];
    return value === undefined || value === null ? null : this.integer(field, label, min, max);
  }

  timeframe(field: string): Timeframe {
    const value = this.input[field];
    if (!isTimeframe(value)) {
      this.fail(field, `Unknown timeframe: choose one of ${Object.keys(timeframes).join(', ')}`);
      return '1h';
    }
    return value;
  }

  /** A pair the engine can trade (`'BTC/USDT'`). */
  pair(field: string, value: unknown): string | null {
    if (typeof value !== 'string' || pairBase(value) === null) {
      this.fail(field, `Unknown pair: ${typeof value === 'string' ? value : 'not a pair'}`);
      return null;
    }
    return value;
  }

  /** Integer cents, given as a bigint or a whole number. */
  cents(field: string, label: string, min: bigint): bigint {
    const value = this.input[field];
    const cents =
      typeof value === 'bigint'
        ? value
        : typeof value === 'number' && Number.isSafeInteger(value)
          ? BigInt(value)
          : null;
    if (cents === null) {
      this.fail(field, `${label} must be a whole number of cents`);
      return min;
    }
    if (cents < min) {
      this.fail(field, `${label} must be at least ${min} cents`);
      return min;
    }
    return cents;
  }

  /**
   * Weights per pair in percent (two decimals at most) that add up to exactly 100%, as basis points;
   * each coin once, since one coin is one position.
   */
  weights(field: string): Readonly<Record<string, number>> {
    const value = asRecord(this.input[field]);
    if (value === null || Object.keys(value).length === 0) {
      this.fail(field, 'Weights must name at least one pair');
      return {};
    }
    const weights: Record<string, number> = {};
    const coins = new Set<string>();
    let total = 0;
    let valid = true;
    for (const [pair, weight] of Object.entries(value)) {
      if (this.pair(field, pair) === null) {
        valid = false;
        continue;
      }
      const coin = pairBase(pair);
      if (coin !== null && coins.has(coin)) {
        this.fail(field, `${coin} appears in more than one pair`);
        valid = false;
      }
      if (coin !== null) coins.add(coin);
      if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0) {
        this.fail(field, `The weight of ${pair} must be more than 0%`);
        valid = false;
        continue;
      }
      const bps = Math.round(weight * 100);
      if (Math.abs(bps - weight * 100) > 1e-6) {
        this.fail(field, `The weight of ${pair} may have at most two decimals`);
        valid = false;
        continue;
      }
      weights[pair] = bps;
      total += bps;
    }
    if (valid && total !== 10_000) this.fail(field, 'Weights must add up to 100%');
    return weights;
  }

  result<T>(config: T): Validated<T> {
    return this.errors.length === 0 ? { ok: true, config } : { ok: false, errors: this.errors };
  }
}
