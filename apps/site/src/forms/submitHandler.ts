import type { FormEvent } from 'react';

type SubmittableForm = { handleSubmit: () => Promise<void> };

/**
 * A form's onSubmit: no page reload, and TanStack Form validates and submits. (Text typed before the
 * form's script took over is taken by each bound control as it mounts: appForm's
 * useEarlyTextAdoption.)
 */
export function submitHandler(form: SubmittableForm) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    void form.handleSubmit();
  };
}
