import type { FormEvent } from 'react';

type SubmittableForm = {
  handleSubmit: () => Promise<void>;
  getFieldValue: (name: never) => unknown;
  setFieldValue: (name: never, value: never) => void;
};

/** A form's onSubmit: no page reload, and TanStack Form validates and submits. */
export function submitHandler(form: SubmittableForm) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    adoptEarlyText(event.currentTarget, form);
    void form.handleSubmit();
  };
}

/**
 * Text typed into a prerendered page before its script took over stays in the control but never
 * reached the form's state: the form takes it before validating, rather than answering "Email is
 * required" under a filled-in email. The text controls take theirs as they mount (appForm's
 * useTextBinding); this catches the value controls (phone, money), which report values, not text. A controlled control otherwise always shows its state, so a
 * control with text over an empty state can only be that.
 */
function adoptEarlyText(element: HTMLFormElement, form: SubmittableForm) {
  const controls = element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[name], textarea[name]',
  );
  for (const control of controls) {
    if (['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(control.type)) continue;
    const name = control.name as never;
    if (form.getFieldValue(name) === '' && control.value !== '') {
      form.setFieldValue(name, control.value as never);
    }
  }
}
