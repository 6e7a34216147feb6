import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';
import { publicPage } from '../publicPage';

export const page = publicPage(vars.space.lg);

/** Each testimony fills its slide, so the cards in view are the same height. */
export const testimony = style({ height: '100%' });
