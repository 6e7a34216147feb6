import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

// The backtests' parts, shared by the investor's what-if and the back office's comparison.

export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});

export const formField = style({ flex: '1 1 12rem', minWidth: 0, maxWidth: '20rem' });

/** The button sits level with the controls (below their labels and hints), or under them on a phone. */
export const formAction = style({ alignSelf: 'flex-end' });

export const status = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  // Empty, it stays in the page (a live region must be there before what it announces) but out of
  // the flow, so it adds no gap.
  selectors: { '&:empty': { position: 'absolute' } },
});

export const progressTrack = style({
  height: vars.space.sm,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
  // Its boundary, so the empty track stays visible where the sunken surface is close to the card.
  boxShadow: `inset 0 0 0 ${vars.size.borderWidth} ${vars.color.border}`,
});

export const progressBar = style({
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  transition: `width ${vars.motion.slow} ${vars.motion.easing}`,
});

export const failure = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.textDanger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const result = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const resultTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8rem), 1fr))',
  gap: vars.space.lg,
  margin: 0,
});

export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const comparison = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});
