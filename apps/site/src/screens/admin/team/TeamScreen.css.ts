import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'grid', gap: vars.space.md });

export const note = style({ margin: 0, marginTop: vars.space.md, color: vars.color.textMuted });

export const sections = style({ display: 'grid', gap: vars.space.lg });
