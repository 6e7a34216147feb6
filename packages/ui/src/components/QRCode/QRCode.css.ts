import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xl,
  margin: 0,
});

/** The code's box: the same size whether the server's image or the drawn fallback fills it. */
export const code = style({
  flexShrink: 0,
  width: `calc(${vars.space.huge} * 2.5)`,
  height: `calc(${vars.space.huge} * 2.5)`,
  // A ring, not a border: the code keeps the whole box. Square corners: clipping the drawn code
  // to a radius anti-aliases differently from run to run.
  boxShadow: `0 0 0 ${vars.size.borderWidth} ${vars.color.border}`,
});

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
});

export const details = style({
  flex: '1 1 18rem',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const coin = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const addressLabel = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});
