import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';
import { stackedTable } from '../tables/stackedTable';

/**
 * Narrower than 46rem, the four columns no longer fit beside each other: each transaction becomes a
 * stacked row (what it is, then its amount, state and Details button).
 */
const stacked = stackedTable('46rem');

export const history = stacked.frame;
export const head = stacked.head;
export const table = stacked.table;
export const body = stacked.body;
export const row = stacked.row;
export const cell = stacked.cell;
/** Stacked, what the transaction is takes the whole first line. */
export const transactionCell = stacked.leadCell;
/** Stacked, the Details button goes to the end of the line. */
export const detailsCell = stacked.endCell;

/** The filters, and the CSV download at the end of the same row once there is room. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const filters = style({
  display: 'grid',
  flex: '1 1 36rem',
  minWidth: 0,
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11rem), 1fr))',
  maxWidth: '48rem',
});

export const loading = style({ display: 'flex', justifyContent: 'center', paddingBlock: vars.space.huge });

export const more = style({ display: 'flex', justifyContent: 'center' });

export const kind = style({ display: 'block', fontWeight: vars.fontWeight.semibold });

export const subject = style({
  display: 'block',
  color: vars.color.text,
  fontWeight: vars.fontWeight.regular,
});

/** A fund row's units and price, or what it waits for, under the fund's name. */
export const pricing = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const memo = style({
  display: 'block',
  maxWidth: '28ch',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const meta = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

/** A reference is read as one word: it moves to the next line whole rather than breaking at its hyphen. */
export const mono = style({ fontFamily: vars.font.mono, whiteSpace: 'nowrap' });

export const coin = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const details = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
});

export const detail = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const term = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const value = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

/** A line under a detail's value that says how far to trust it. */
export const valueNote = style({
  display: 'block',
  marginTop: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const reason = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  marginTop: vars.space.lg,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.text,
});

export const reasonTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.textDanger });

/**
 * Visually hidden text is positioned absolutely: inside the table's scrolling frame it must be held
 * by a positioned box there, or it would widen the page on a phone instead of scrolling with the table.
 */
export const holdsHiddenText = style({ position: 'relative' });
