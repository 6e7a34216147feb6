import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';
import { stackedTable } from '../tables/stackedTable';

export const linkWaiting = style({ display: 'flex', alignItems: 'center', minHeight: vars.size.controlLg });

export const people = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const total = style({ fontWeight: vars.fontWeight.medium });

export const tableWaiting = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });

/**
 * Narrower than 34rem, the four columns no longer fit: each person becomes a stacked row (the name,
 * then when they joined, their first deposit's state and the bonus it earned you).
 */
export const table = stackedTable('34rem');
