import type { Schemas } from '@ledgerline/api-client';
import { formatSignedPercent } from '@ledgerline/ui/funds';

type AdminFund = Schemas['AdminFund'];
type FundSettings = Schemas['FundSettings'];

// The trading desk's figures in words. Fractions arrive as the contract sends them (0.05 is 5%).

const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A fraction as a percent with two decimals: 0.0124 → "1.24%". */
export function percentOf(fraction: number): string {
  return `${percentFormat.format(fraction * 100)}%`;
}

/** Today's result: "+0.31%", "−0.42%", or "Not valued yet". */
export function todayText(todayReturn: number | null): string {
  return todayReturn === null ? 'Not valued yet' : formatSignedPercent(todayReturn * 100);
}

/** The drawdown against its breaker: "1.24% of 30%", or "1.24% (no breaker)". */
export function drawdownText(fund: AdminFund): string {
  const breaker = fund.settings.risk.maxDrawdownPct ?? null;
  return breaker === null
    ? `${percentOf(fund.drawdown)} (no breaker)`
    : `${percentOf(fund.drawdown)} of ${breaker}%`;
}

/** Whether the drawdown has come within a fifth of its breaker (say 24% of a 30% breaker). */
export function nearBreaker(fund: AdminFund): boolean {
  const breaker = fund.settings.risk.maxDrawdownPct ?? null;
  return breaker !== null && fund.drawdown * 100 >= breaker * 0.8;
}

/** An age in the largest whole unit: "12 min", "3 h", "2 days"; "just now" under a minute. */
export function ageText(since: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** Each risk rule as an operator reads it in the events' list. */
const ruleNames: Record<string, string> = {
  'kill-switch': 'All trading paused',
  paused: 'Fund paused',
  drawdown: 'Drawdown circuit breaker',
  'daily-loss': 'Daily loss limit',
  cooldown: 'Stop-loss cooldown',
  'stale-data': 'Stale prices',
  'price-band': 'Price band',
  'max-asset-share': 'Largest share of one asset',
  'max-open-positions': 'Most open positions',
  'min-quantity': "Exchange's minimum quantity",
  'min-notional': "Exchange's minimum value",
  cash: 'Cash',
  position: 'Position',
  market: 'Market',
};

/** "Stale prices" for `stale-data`; an unknown rule as the server names it. */
export function ruleName(rule: string): string {
  return ruleNames[rule] ?? rule;
}

/** The settings an operator may change on the fund's page, with their labels and units. */
export type SettingField = {
  /** Where it lives in the settings: `risk.maxDrawdownPct`, `strategy.stopLossPct`. */
  path: `${'strategy' | 'risk' | 'fees'}.${string}` | 'minimumInvestment';
  label: string;
  /** Shown after the number. */
  unit: string;
  /** Whether it may be left empty (the rule is off). */
  optional: boolean;
  /** Whole numbers only. */
  integer: boolean;
};

const fieldLabels: Record<string, Omit<SettingField, 'path' | 'optional'>> = {
  'strategy.amount': { label: 'Amount bought each time', unit: 'USD', integer: false },
  'strategy.everyCandles': { label: 'Buys every', unit: 'candles', integer: true },
  'strategy.rebalanceEveryCandles': { label: 'Rebalances every', unit: 'candles', integer: true },
  'strategy.driftBandPct': { label: 'Rebalances on a drift of', unit: 'points', integer: false },
  'strategy.cashReservePct': { label: 'Cash kept in reserve', unit: '%', integer: false },
  'strategy.fastPeriod': { label: 'Fast EMA', unit: 'candles', integer: true },
  'strategy.slowPeriod': { label: 'Slow EMA', unit: 'candles', integer: true },
  'strategy.positionSizePct': { label: 'Position size', unit: '% of NAV', integer: false },
  'strategy.stopLossPct': { label: 'Stop-loss', unit: '%', integer: false },
  'strategy.takeProfitPct': { label: 'Take-profit', unit: '%', integer: false },
  'strategy.trailingStopPct': { label: 'Trailing stop', unit: '%', integer: false },
  'strategy.maxCandlesHeld': { label: 'Longest hold', unit: 'candles', integer: true },
  'risk.maxAssetSharePct': { label: 'Largest share of one asset', unit: '%', integer: false },
  'risk.maxOpenPositions': { label: 'Most open positions', unit: '', integer: true },
  'risk.dailyLossLimitPct': { label: 'Daily loss limit', unit: '%', integer: false },
  'risk.maxDrawdownPct': { label: 'Drawdown circuit breaker', unit: '%', integer: false },
  'risk.priceBandPct': { label: 'Price band', unit: '%', integer: false },
  'fees.managementPctPerYear': { label: 'Management fee', unit: '% a year', integer: false },
  'fees.takerFeeBps': { label: 'Taker fee', unit: 'bps', integer: true },
  'fees.makerFeeBps': { label: 'Maker fee', unit: 'bps', integer: true },
  'fees.slippageBps': { label: 'Slippage', unit: 'bps', integer: true },
  minimumInvestment: { label: 'Minimum investment', unit: 'USD', integer: false },
};

/** Settings that are never optional: a fund always has them. */
const required = new Set([
  'strategy.amount',
  'strategy.everyCandles',
  'strategy.rebalanceEveryCandles',
  'strategy.driftBandPct',
  'strategy.fastPeriod',
  'strategy.slowPeriod',
  'strategy.positionSizePct',
  'strategy.maxCandlesHeld',
  'risk.maxAssetSharePct',
  'risk.maxOpenPositions',
  'fees.managementPctPerYear',
  'fees.takerFeeBps',
  'fees.makerFeeBps',
  'fees.slippageBps',
  'minimumInvestment',
]);

/** The number fields of a fund's settings, in the order the page shows them. */
export function settingFields(settings: FundSettings): SettingField[] {
  const fields: SettingField[] = [];
  const add = (path: SettingField['path'], value: unknown) => {
    const known = fieldLabels[path];
    if (!known || (typeof value !== 'number' && value !== null)) return;
    fields.push({ path, ...known, optional: !required.has(path) });
  };
  for (const [key, value] of Object.entries(settings.strategy)) add(`strategy.${key}`, value);
  for (const [key, value] of Object.entries(settings.risk)) add(`risk.${key}`, value);
  for (const [key, value] of Object.entries(settings.fees)) add(`fees.${key}`, value);
  add('minimumInvestment', settings.minimumInvestment);
  return fields;
}

/** A setting's value: a number, or null when the rule is off. */
export function settingValue(settings: FundSettings, path: SettingField['path']): number | null {
  if (path === 'minimumInvestment') return settings.minimumInvestment;
  const [group, key] = path.split('.') as ['strategy' | 'risk' | 'fees', string];
  const value = (settings[group] as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : null;
}

/** A setting's value as the page writes it: "5 %", "Off". */
export function settingText(field: SettingField, value: number | null): string {
  if (value === null) return 'Off';
  return field.unit === '' ? String(value) : `${value} ${field.unit}`;
}

/** The settings with `changes` (by path) written in, each group whole, as the contract replaces it. */
export function withChanges(
  settings: FundSettings,
  changes: ReadonlyMap<SettingField['path'], number | null>,
): FundSettings {
  const next = {
    ...settings,
    strategy: { ...settings.strategy },
    risk: { ...settings.risk },
    fees: { ...settings.fees },
  };
  for (const [path, value] of changes) {
    if (path === 'minimumInvestment') {
      if (value !== null) next.minimumInvestment = value;
      continue;
    }
    const [group, key] = path.split('.') as ['strategy' | 'risk' | 'fees', string];
    (next[group] as Record<string, unknown>)[key] = value;
  }
  return next;
}

/** A typed number for `field`: its value, null for an empty optional one, or why it cannot be. */
export function parseSetting(
  field: SettingField,
  typed: string,
): { value: number | null } | { error: string } {
  const text = typed.trim();
  if (text === '') return field.optional ? { value: null } : { error: `${field.label} is needed` };
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: `${field.label} must be a number of zero or more` };
  const value = Number(text);
  if (field.integer && !Number.isInteger(value)) return { error: `${field.label} must be a whole number` };
  return { value };
}

/** What an edit changes: each setting whose value differs, as "label: before → after". */
export function describeChanges(
  fields: readonly SettingField[],
  settings: FundSettings,
  changes: ReadonlyMap<SettingField['path'], number | null>,
): string[] {
  const lines: string[] = [];
  for (const field of fields) {
    if (!changes.has(field.path)) continue;
    const before = settingValue(settings, field.path);
    const after = changes.get(field.path) ?? null;
    if (before === after) continue;
    lines.push(`${field.label}: ${settingText(field, before)} → ${settingText(field, after)}`);
  }
  return lines;
}
