import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, toast } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import { useAppForm } from '../../../forms/appForm';
import { submitHandler } from '../../../forms/submitHandler';
import * as styles from './ProfileScreen.css';

/**
 * No client-side rules, and empty fields are left out; the server names what is
 * missing or wrong, and its message is shown.
 */
export function passwordChangeOf(value: { currentPassword: string; newPassword: string }) {
  return {
    ...(value.currentPassword ? { currentPassword: value.currentPassword } : {}),
    ...(value.newPassword ? { newPassword: value.newPassword } : {}),
  } as Schemas['PasswordChange'];
}

/** "Change Password" and its "Update Password" dialog (currentPassword, newPassword). */
export function ChangePassword() {
  const [open, setOpen] = useState(false);
  const form = useAppForm({
    defaultValues: { currentPassword: '', newPassword: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        const { msg } = await unwrap(api.PATCH('/users/user-info', { body: passwordChangeOf(value) }));
        toast.success(msg);
        formApi.reset();
        setOpen(false);
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary">Change Password</Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Title>Update Password</Dialog.Title>
        <Dialog.Description>Enter your current password, then the new one.</Dialog.Description>
        <form noValidate onSubmit={submitHandler(form)} className={styles.dialogForm}>
          <Dialog.Body className={styles.fields}>
            <form.AppField name="currentPassword">
              {(field) => <field.PasswordField label="Current Password" autoComplete="current-password" />}
            </form.AppField>
            <form.AppField name="newPassword">
              {(field) => <field.PasswordField label="New Password" autoComplete="new-password" />}
            </form.AppField>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <form.AppForm>
              <form.SubmitButton>Update Password</form.SubmitButton>
            </form.AppForm>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
