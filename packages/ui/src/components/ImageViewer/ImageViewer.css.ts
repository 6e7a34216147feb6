import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/**
 * The height of the frame the image is fitted into (its content box): a document stays readable in
 * it beside a review's facts. Set it on the viewer's root to change it.
 */
export const frameHeight = createVar();

export const root = style({
  vars: { [frameHeight]: '18rem' },
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const toolButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.size.controlSm,
  height: vars.size.controlSm,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:hover:not([aria-disabled="true"])': { background: vars.color.surfaceSunken },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    // A button at the end of the scale stays focusable (focus is not lost under the keyboard) but
    // looks, and is announced, unavailable.
    '&[aria-disabled="true"]': {
      background: vars.color.surfaceSunken,
      borderColor: vars.color.border,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});

export const glyph = style({ width: vars.fontSize.md, height: vars.fontSize.md });

export const level = style({
  minWidth: '4.5ch',
  paddingInline: vars.space.xs,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.medium,
});

/** The frame: the image fits in it at 100%, and scrolls in it (pans) when zoomed in. */
export const viewport = style({
  position: 'relative',
  display: 'flex',
  // Content-box: the height the image fits into is the frame height itself, borders aside.
  boxSizing: 'content-box',
  height: frameHeight,
  overflow: 'auto',
  overscrollBehavior: 'contain',
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const image = style({
  display: 'block',
  flex: 'none',
  // Auto margins centre an image smaller than the frame, and fall to zero once it is larger, so
  // every edge of a zoomed image can still be scrolled to (centring with justify-content cannot).
  margin: 'auto',
  // Until its size is known the image fits the frame; then its width is set from the zoom.
  maxWidth: '100%',
  maxHeight: '100%',
});

/** The loading and error states: centred in a frame of the same size, so nothing moves when the image comes. */
export const placeholder = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  boxSizing: 'content-box',
  height: frameHeight,
  margin: 0,
  paddingInline: vars.space.lg,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const errorGlyph = style({
  width: vars.fontSize.xxl,
  height: vars.fontSize.xxl,
  color: vars.color.textDanger,
});

export const errorText = style({ margin: 0, color: vars.color.text });
