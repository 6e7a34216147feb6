import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

/** A signed-in page's `<main>` as a part sees it: its background and padding. */
export const storyMain = style({
  minHeight: '100vh',
  padding: vars.space.lg,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
});
