import type { AnyFieldApi } from '@tanstack/react-form';
import './zodWithoutEval';

/**
 * The message to show under a field: the first of its errors, once the person has left the field or
 * tried to submit (not while they are still typing their first characters). Schema errors arrive as
 * Standard Schema issues; field validators may return plain strings.
 */
export function fieldError(field: AnyFieldApi): string | undefined {
  const { meta } = field.state;
  if (!meta.isBlurred && field.form.state.submissionAttempts === 0) return undefined;
  const first: unknown = meta.errors[0];
  if (typeof first === 'string') return first;
  if (
    typeof first === 'object' &&
    first !== null &&
    'message' in first &&
    typeof first.message === 'string'
  ) {
    return first.message;
  }
  return undefined;
}

/**
 * After a refused submit, moves focus to the first invalid control so a keyboard or screen-reader user
 * lands on the message (the control's `aria-describedby` reads it out).
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
