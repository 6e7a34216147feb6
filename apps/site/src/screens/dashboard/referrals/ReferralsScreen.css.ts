import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const linkWaiting = style({ display: 'flex', alignItems: 'center', minHeight: vars.size.controlLg });

export const people = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const total = style({ fontWeight: vars.fontWeight.medium });

export const tableWaiting = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
