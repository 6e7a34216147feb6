import { ApiError, unwrap } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { emailRule, requiredText } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import * as styles from './ContactScreen.css';

/** Name, a valid email and a message are required; the messages are fixed wording, kept word for word. */
export const contactSchema = z.object({
  name: requiredText('Name is required'),
  email: emailRule,
  message: requiredText('Message is required'),
});

const empty = { name: '', email: '', message: '' };

/**
 * The contact form: `POST /contact-us`. The server's msg shows as a success message and the form
 * empties; a refusal shows its msg as an error toast and keeps what was typed.
 */
export function ContactForm({ labelledBy }: { labelledBy: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: empty,
    validators: { onChange: contactSchema, onSubmit: contactSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      setSent(null);
      try {
        const answer = await unwrap(
          api.POST('/contact-us', {
            body: { name: value.name.trim(), email: value.email.trim(), message: value.message.trim() },
          }),
        );
        setSent(answer.msg);
        formApi.reset();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={submitHandler(form)}
    >
      <form.AppField name="name">
        {(field) => <field.TextField label="Name" autoComplete="name" maxLength={100} required />}
      </form.AppField>
      <form.AppField name="email">
        {(field) => (
          <field.TextField label="Email" type="email" autoComplete="email" maxLength={254} required />
        )}
      </form.AppField>
      <form.AppField name="message">
        {(field) => <field.TextArea label="Message" rows={6} maxLength={5000} required />}
      </form.AppField>
      {/* Always in the page, so that screen readers announce the msg when it appears. */}
      <p role="status" className={sent ? styles.notice : styles.status}>
        {sent}
      </p>
      <form.AppForm>
        <form.SubmitButton size="lg" className={styles.submit}>
          Send Message
        </form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
