import type { ComponentPropsWithRef } from 'react';
import { FieldBox, type FieldLabelProps, splitFieldProps } from '../Field/Field';
import { input } from '../Field/Field.css';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> &
  FieldLabelProps & {
    /** The kind of text; sets the keyboard on phones and the browser's autofill hints. @default 'text' */
    type?: 'text' | 'email' | 'search' | 'url' | 'date';
  };

/**
 * A labelled single-line text input. Other props (value, onChange, name, autoComplete, placeholder…)
 * go to the `<input>`.
 */
export function TextField(props: TextFieldProps) {
  const [field, { type = 'text', ...rest }] = splitFieldProps(props);
  return (
    <FieldBox {...field}>
      {(controlProps) => (
        <>
          <input type={type} className={input} {...controlProps} {...rest} />
        </>
      )}
    </FieldBox>
  );
}
