import type { ComponentPropsWithRef } from 'react';
import { FieldBox, type FieldLabelProps, splitFieldProps } from '../Field/Field';
import { box, textarea } from './TextArea.css';

export type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'children'> &
  FieldLabelProps & {
    /** Visible lines of text before it scrolls; a person can drag it taller. @default 4 */
    rows?: number;
  };

/**
 * A labelled multi-line text input: a message, an address. Other props (value, onChange, name,
 * maxLength…) go to the `<textarea>`.
 */
export function TextArea(props: TextAreaProps) {
  const [field, { rows = 4, ...rest }] = splitFieldProps(props);
  return (
    <FieldBox {...field} boxClassName={box}>
      {(controlProps) => (
        <>
          <textarea rows={rows} className={textarea} {...controlProps} {...rest} />
        </>
      )}
    </FieldBox>
  );
}
