import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const row = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'stretch',
});

export const input = style({
  flex: '1 1 auto',
  minWidth: 0,
  minHeight: vars.size.control,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  // Sunken: it can be read and selected, not typed in.
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  textOverflow: 'ellipsis',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
