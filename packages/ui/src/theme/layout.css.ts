import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './contract.css';

/**
 * The page's column: at most the content width, centred, with the page's side gutter (16 px on
 * phones, 24 px from the tablet breakpoint). The navigation bar, the footer and every page's content
 * use it, so their edges line up at every width.
 */
export const pageColumn = style({
  width: '100%',
  maxWidth: vars.size.contentMaxWidth,
  marginInline: 'auto',
  paddingInline: vars.space.lg,
  '@media': {
    [media.tablet]: { paddingInline: vars.space.xl },
  },
});
