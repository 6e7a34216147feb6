import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The toggle sits inside the box, clear of its border. */
export const toggle = style({
  flexShrink: 0,
  marginInlineEnd: vars.space.xs,
});

export const toggleIcon = style({
  width: vars.fontSize.lg,
  height: vars.fontSize.lg,
});

export const toggleContent = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});
