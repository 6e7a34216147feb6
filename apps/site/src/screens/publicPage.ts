import { pageColumn, vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

/**
 * A public page's content: the page column (aligned with the navigation bar and the footer), its
 * sections stacked `gap` apart, with room below the last. Call it from a `.css.ts` file.
 */
export function publicPage(gap: string) {
  return style([
    pageColumn,
    { display: 'flex', flexDirection: 'column', gap, paddingBottom: vars.space.huge },
  ]);
}
