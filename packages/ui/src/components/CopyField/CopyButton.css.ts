import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** Both labels share one grid cell, so the button is as wide as the longer one and never jumps. */
export const labels = style({ display: 'grid' });

export const label = style({
  gridArea: '1 / 1',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
});

/** Keeps its place (and the button's width) but is neither painted nor read. */
export const inactiveLabel = style({ visibility: 'hidden' });

export const icon = style({ width: vars.fontSize.md, height: vars.fontSize.md, flexShrink: 0 });

export const failureMessage = style({
  margin: 0,
  color: vars.color.textDanger,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});
