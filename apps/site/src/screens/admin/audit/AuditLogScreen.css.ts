import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

/** The filters, and the CSV download at the end of the same row once there is room. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  flex: '1 1 30rem',
  minWidth: 0,
  gap: vars.space.md,
});

/** The export under way: how many entries so far, and a way to stop. */
export const exportProgress = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const progressBar = style({ flex: '1 1 12rem', accentColor: vars.color.accent });

export const progressText = style({ margin: 0, color: vars.color.text });

export const when = style({ whiteSpace: 'nowrap' });

export const reason = style({
  display: 'block',
  minWidth: '12rem',
  maxWidth: '18rem',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
});

/** Keeps a button's visually hidden words inside its own box, so they never widen the table. */
export const holdsHiddenText = style({ position: 'relative' });

export const none = style({ color: vars.color.textMuted });

export const details = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const detail = style({
  display: 'grid',
  gap: vars.space.xxs,
  '@media': { '(min-width: 30rem)': { gridTemplateColumns: '11rem minmax(0, 1fr)', gap: vars.space.md } },
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
