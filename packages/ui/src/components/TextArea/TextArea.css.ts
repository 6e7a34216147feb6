import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { control, input } from '../Field/Field.css';

// Composed from the shared control styles: importing them here also orders their CSS first.
export const box = style([control, { alignItems: 'stretch' }]);

export const textarea = style([
  input,
  {
    minHeight: `calc(${vars.size.control} * 2)`,
    paddingBlock: vars.space.sm,
    resize: 'vertical',
  },
]);
