import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, NotificationContent, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { useMoneyForm } from '../../../forms/moneyForm';
import { requiredText } from '../../../forms/rules';
import { submitHandler } from '../../../forms/submitHandler';
import * as styles from '../review/ReviewQueue.css';
import { StepUpCodeField, stepUpBody, useStepUpRequired } from '../StepUpCodeField';

/** A notification: a title, its HTML (the contract's limits), and whether it stays after "Okay". */
const notificationSchema = z.object({
  title: requiredText('Title is required').check(z.maxLength(200, 'Title must be at most 200 characters')),
  content: requiredText('Content is required').check(
    z.maxLength(20000, 'Content must be at most 20,000 characters'),
  ),
  persistent: z.boolean(),
});

export type SetNotificationDialogProps = {
  open: boolean;
  user: Schemas['AdminUserDetail'];
  onClose: () => void;
  /** After it is saved: the user's page loads again. */
  onSaved: () => void;
};

/**
 * Sets the notification a user sees on their dashboard, replacing any earlier one: a title, the body
 * as HTML with a live preview made by the component the dashboard shows it with (sanitised the same
 * way), and whether it stays after "Okay". What users read in the company's name could send them
 * anywhere, so an admin with two-factor on gives a fresh code from the app with it.
 */
export function SetNotificationDialog({ open, user, onClose, onSaved }: SetNotificationDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const codeRequired = useStepUpRequired();
  const [code, setCode] = useState('');
  const form = useMoneyForm({
    defaultValues: {
      title: user.notification?.title ?? '',
      content: user.notification?.content ?? '',
      persistent: user.notification?.persistent ?? false,
    },
    validators: { onChange: notificationSchema, onSubmit: notificationSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const answer = await unwrap(
          api.PUT('/admin/users/{userId}/notification', {
            params: { path: { userId: user._id } },
            body: {
              title: value.title.trim(),
              content: value.content,
              persistent: value.persistent,
              ...stepUpBody(codeRequired, code),
            },
          }),
        );
        toast.success(answer.msg);
        setCode('');
        onSaved();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setCode('');
          onClose();
        }
      }}
    >
      <Dialog.Content>
        <Dialog.Title>Set the notification</Dialog.Title>
        <Dialog.Description>
          For <span className={styles.name}>{user.fullname}</span> ({user.email}): shown on their dashboard,
          replacing any earlier one.
        </Dialog.Description>
        <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
          <Dialog.Body className={styles.details}>
            <form.AppField name="title">
              {(field) => <field.TextField label="Title" required maxLength={200} />}
            </form.AppField>
            <form.AppField name="content">
              {(field) => (
                <field.TextArea
                  label="Content (HTML)"
                  required
                  rows={6}
                  hint="Formatting and links only: anything else is removed before the user sees it."
                />
              )}
            </form.AppField>
            <form.AppField name="persistent">
              {(field) => <field.Checkbox label="Keep showing it after the user presses “Okay”" />}
            </form.AppField>
            <section aria-label="Preview" className={styles.preview}>
              <h3 className={styles.term}>Preview, as the user will see it</h3>
              <form.Subscribe selector={(state) => state.values.content}>
                {(content) => <NotificationContent html={content} />}
              </form.Subscribe>
            </section>
            {codeRequired && <StepUpCodeField value={code} onChange={setCode} />}
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <form.AppForm>
              <form.SubmitButton>Save the notification</form.SubmitButton>
            </form.AppForm>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
