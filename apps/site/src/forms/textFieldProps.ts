import type { AnyFieldApi } from '@tanstack/react-form';
import type { ChangeEvent } from 'react';
import { fieldError } from './fieldError';

/**
 * Binds a text control (TextField, PasswordField, TextArea) to a TanStack Form field: its name, value,
 * change and blur, and the error to show. Spread it on the control: `<TextField {...textFieldProps(field)} />`.
 */
export function textFieldProps(field: AnyFieldApi) {
  return {
    name: field.name,
    value: field.state.value as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    error: fieldError(field),
  };
}
