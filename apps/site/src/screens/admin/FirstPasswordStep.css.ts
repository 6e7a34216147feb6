import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const card = style({ maxWidth: '32rem' });

export const form = style({ display: 'grid', gap: vars.space.md });

export const submit = style({ justifySelf: 'start' });
