import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { input } from '../Field/Field.css';

/** Digits of equal width, so amounts line up and do not shift as they are typed; close to the `$`. */
export const amountInput = style([
  input,
  { paddingInlineStart: vars.space.xs, fontVariantNumeric: 'tabular-nums' },
]);
