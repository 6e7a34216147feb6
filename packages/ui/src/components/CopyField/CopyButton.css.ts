import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
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

/** Compact on phones: a square button showing its icon, so the value beside it keeps the room. */
export const compactButton = style({
  '@media': {
    [media.phone]: {
      // Doubled, to win over the Button's own padding whatever order the stylesheets load in.
      selectors: { '&&': { minWidth: vars.size.control, paddingInline: 0 } },
    },
  },
});

/** The words "Copy" and "Copied" of a compact button: kept for screen readers, not shown on phones. */
export const compactWord = style({
  '@media': {
    [media.phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
    },
  },
});

export const icon = style({ width: vars.fontSize.md, height: vars.fontSize.md, flexShrink: 0 });

export const failureMessage = style({
  margin: 0,
  color: vars.color.textDanger,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});
