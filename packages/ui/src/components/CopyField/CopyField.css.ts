import { globalStyle, style } from '@vanilla-extract/css';
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

/** The button keeps its own height at the top when the value runs onto more lines. */
export const row = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
});

/**
 * The textarea and an invisible copy of the value share one grid cell: the copy wraps exactly like
 * the textarea's text and sets the cell's height, so the textarea shows every line without a script.
 */
export const valueBox = style({
  flex: '1 1 auto',
  minWidth: 0,
  display: 'grid',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});

/** What the textarea and its copy share, so both break the value at the same places. */
const valueText = {
  gridArea: '1 / 1',
  minWidth: 0,
  margin: 0,
  // One line is as tall as the other controls.
  paddingBlock: `calc((${vars.size.control} - 2 * ${vars.size.borderWidth} - ${vars.lineHeight.normal} * 1em) / 2)`,
  paddingInline: vars.space.md,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  font: 'inherit',
  whiteSpace: 'pre-wrap',
  // A link or a code has no spaces: it breaks at any character rather than overflowing.
  overflowWrap: 'anywhere',
} as const;

globalStyle(`${valueBox}::after`, {
  ...valueText,
  content: 'attr(data-value)',
  visibility: 'hidden',
  borderColor: 'transparent',
});

export const value = style({
  ...valueText,
  display: 'block',
  width: '100%',
  height: '100%',
  overflow: 'hidden',
  resize: 'none',
  borderRadius: vars.radius.md,
  borderColor: vars.color.borderStrong,
  // Sunken: it can be read and selected, not typed in.
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
