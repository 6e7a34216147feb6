import { media, vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const tabs = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const rows = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  overflow: 'hidden',
  maxWidth: '48rem',
});

/** A row is one button: label, value and a pencil; the label sits above the value on phones. */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"label icon" "value icon"',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  width: '100%',
  minHeight: vars.size.controlLg,
  paddingBlock: vars.space.md,
  paddingInline: vars.space.lg,
  border: 0,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  transitionProperty: 'background-color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    'li:last-child > &': { borderBottom: 0 },
    '&:hover': { background: vars.color.surfaceSunken },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.size.focusWidth})`,
    },
  },
  '@media': {
    [media.tablet]: {
      gridTemplateColumns: '12rem minmax(0, 1fr) auto',
      gridTemplateAreas: '"label value icon"',
    },
  },
});

export const rowLabel = style({
  gridArea: 'label',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

export const rowValue = style({ gridArea: 'value', overflowWrap: 'anywhere' });

export const rowUnknown = style([rowValue, { color: vars.color.textMuted, fontStyle: 'italic' }]);

export const rowIcon = style({
  gridArea: 'icon',
  width: vars.fontSize.lg,
  height: vars.fontSize.lg,
  color: vars.color.textMuted,
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: '48rem',
});

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const dialog = style({});

export const dialogForm = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
