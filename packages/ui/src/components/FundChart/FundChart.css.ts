import { createVar, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

// The chart draws on a canvas, which cannot read CSS variables: it reads these from the figure's
// computed style, so it follows whichever theme the page is in.
export const lineColor = createVar();
export const fillColor = createVar();
export const textColor = createVar();
export const gridColor = createVar();
export const backgroundColor = createVar();

export const figure = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.md,
    minWidth: 0,
    margin: 0,
    fontFamily: vars.font.body,
    color: vars.color.text,
    vars: {
      [textColor]: vars.color.textMuted,
      [gridColor]: vars.color.border,
      [backgroundColor]: vars.color.surface,
    },
  },
  variants: {
    tone: {
      accent: { vars: { [lineColor]: vars.color.accent, [fillColor]: vars.color.accentSubtle } },
      danger: { vars: { [lineColor]: vars.color.danger, [fillColor]: vars.color.dangerSubtle } },
    },
  },
  defaultVariants: { tone: 'accent' },
});

export const caption = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const summary = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const canvas = style({
  position: 'relative',
  width: '100%',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
});

export const empty = style({
  display: 'flex',
  margin: 0,
  alignItems: 'center',
  justifyContent: 'center',
  height: '100%',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const details = style({ fontSize: vars.fontSize.sm });

export const detailsSummary = style({
  width: 'fit-content',
  color: vars.color.textAccent,
  cursor: 'pointer',
  fontWeight: vars.fontWeight.medium,
  ':focus-visible': {
    outlineWidth: vars.size.focusWidth,
    outlineStyle: 'solid',
    outlineColor: vars.color.focusRing,
    outlineOffset: vars.size.focusWidth,
  },
});

export const table = style({ marginTop: vars.space.sm });

export const attribution = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
});

export const attributionLink = style({
  color: vars.color.textAccent,
  ':focus-visible': {
    outlineWidth: vars.size.focusWidth,
    outlineStyle: 'solid',
    outlineColor: vars.color.focusRing,
    outlineOffset: vars.size.focusWidth,
  },
});
