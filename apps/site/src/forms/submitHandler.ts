import type { FormEvent } from 'react';

/** A form's onSubmit: no page reload, and TanStack Form validates and submits. */
export function submitHandler(form: { handleSubmit: () => Promise<void> }) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    void form.handleSubmit();
  };
}
