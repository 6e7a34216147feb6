import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const lineHeight = `calc(${vars.fontSize.md} * ${vars.lineHeight.normal})`;
const boxSize = `calc(${vars.space.xl} - ${vars.space.xs})`;

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  alignItems: 'start',
});

/** As tall as the label's first line, so the box sits centred on it. */
export const boxCell = style({
  display: 'flex',
  alignItems: 'center',
  height: lineHeight,
});

export const box = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: boxSize,
  height: boxSize,
  padding: 0,
  background: vars.color.surface,
  color: vars.color.textOnAccent,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  transitionProperty: 'background-color, border-color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:hover:not([data-disabled])': { borderColor: vars.color.text },
    '&[data-state="checked"], &[data-state="indeterminate"]': {
      background: vars.color.accent,
      borderColor: vars.color.accent,
    },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    '&[aria-invalid="true"]': {
      borderColor: vars.color.textDanger,
      boxShadow: `inset 0 0 0 ${vars.size.borderWidth} ${vars.color.textDanger}`,
    },
    '&[data-disabled]': {
      background: vars.color.surfaceSunken,
      borderColor: vars.color.border,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});

export const indicator = style({ display: 'flex' });

export const icon = style({
  width: vars.fontSize.md,
  height: vars.fontSize.md,
});

export const label = style({
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    [`${row}[data-disabled] &`]: { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

/** Description and error sit under the label, aligned with its text. */
export const below = style({ gridColumn: '2' });

export const description = style([
  below,
  {
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.normal,
    color: vars.color.textMuted,
  },
]);
