import { vars } from '@ledgerline/ui';
import { createContainer, style } from '@vanilla-extract/css';

/**
 * A table whose rows become stacked blocks when its frame is narrower than `maxWidth`: each row is a
 * wrapping line of its cells, still in the table's markup. A container query, so the dashboard's
 * sidebar counts as well as the screen's width. Call it from a `.css.ts` file; the table then needs
 * explicit roles (`table`, `rowgroup`, `row`, `columnheader`, `rowheader`, `cell`), which keep its
 * semantics in browsers that drop them when a table part is not displayed as one.
 */
export function stackedTable(maxWidth: string) {
  const width = createContainer();
  const stacked = `${width} (max-width: ${maxWidth})`;

  /** Holds the table and is what the stacked layout measures. */
  const frame = style({ containerName: width, containerType: 'inline-size' });

  /** Stacked, the column headers stay for screen readers only (the frame is positioned and holds them). */
  const head = style({
    '@container': {
      [stacked]: {
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0, 0, 0, 0)',
        whiteSpace: 'nowrap',
      },
    },
  });

  /** Stacked, the table and its body are plain blocks, so rows take the frame's width. */
  const block = style({ '@container': { [stacked]: { display: 'block' } } });

  const row = style({
    '@container': {
      [stacked]: {
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: vars.space.md,
        rowGap: vars.space.sm,
        paddingBlock: vars.space.md,
        paddingInline: vars.space.lg,
        selectors: {
          [`${frame} & + &`]: {
            borderTopWidth: vars.size.borderWidth,
            borderTopStyle: 'solid',
            borderTopColor: vars.color.border,
          },
        },
      },
    },
  });

  /** A cell of a stacked row: no padding or rule of its own, and long text may wrap. */
  const cell = style({
    '@container': {
      [stacked]: {
        selectors: {
          [`${frame} &`]: {
            display: 'block',
            padding: 0,
            borderTopWidth: 0,
            whiteSpace: 'normal',
            textAlign: 'start',
          },
        },
      },
    },
  });

  /** Stacked, a cell that takes the whole first line (what the row is about). */
  const leadCell = style([cell, { '@container': { [stacked]: { flexBasis: '100%', minWidth: 0 } } }]);

  /** Stacked, a cell pushed to the end of its line. */
  const endCell = style([cell, { '@container': { [stacked]: { marginInlineStart: 'auto' } } }]);

  /**
   * A cell's own label, shown only when stacked, where the column headers are not: hide it from
   * assistive technology (`aria-hidden`), which names the cell by its column header anyway.
   */
  const cellLabel = style({
    display: 'none',
    '@container': {
      [stacked]: {
        display: 'inline',
        marginInlineEnd: vars.space.xs,
        color: vars.color.textMuted,
        fontSize: vars.fontSize.sm,
      },
    },
  });

  return { frame, head, table: block, body: block, row, cell, leadCell, endCell, cellLabel };
}
