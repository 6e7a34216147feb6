import { unwrap } from '@ledgerline/api-client';
import {
  antiPhishingPhraseLength,
  antiPhishingPhraseProblem,
  normalizeAntiPhishingPhrase,
} from '@ledgerline/api-client/anti-phishing-phrase';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { passwordRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import { SecurityFormDialog, useRefusal } from './SecurityFormDialog';

/** The phrase as the server checks it, with the server's own messages. */
const phraseRule = z.string().check(
  z.refine((phrase) => normalizeAntiPhishingPhrase(phrase) !== '', 'Phrase is required'),
  z.superRefine((phrase, context) => {
    const normalized = normalizeAntiPhishingPhrase(phrase);
    const problem = normalized ? antiPhishingPhraseProblem(normalized) : null;
    if (problem) context.issues.push({ code: 'custom', message: problem, input: phrase });
  }),
);

const setSchema = z.object({ phrase: phraseRule, password: passwordRule });
const removeSchema = z.object({ phrase: z.string(), password: passwordRule });

export type AntiPhishingPhraseDialogProps = {
  /** Which dialog is shown: setting (or changing) the phrase, or removing it; null when closed. */
  mode: 'set' | 'remove' | null;
  /** The phrase set now, offered for editing. */
  current: string | null;
  /** Called when the dialog closes. */
  onClose: () => void;
  /** Called with the server's msg once the phrase is saved or removed. */
  onSaved: (msg: string) => void;
};

/**
 * "Set an anti-phishing phrase" / "Remove the anti-phishing phrase": the phrase (when setting it)
 * and the account's password, which any change of the phrase needs. The server's refusal (a wrong
 * password) shows above the buttons.
 */
export function AntiPhishingPhraseDialog({ mode, current, onClose, onSaved }: AntiPhishingPhraseDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = useRefusal();
  const form = useAppForm({
    defaultValues: { phrase: current ?? '', password: '' },
    validators: { onSubmit: mode === 'remove' ? removeSchema : setSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value, formApi }) =>
      refusal.attempt(async () => {
        const phrase = mode === 'remove' ? null : normalizeAntiPhishingPhrase(value.phrase);
        const { msg } = await unwrap(
          api.PUT('/auth/anti-phishing-phrase', { body: { phrase, password: value.password } }),
        );
        formApi.reset();
        onSaved(msg);
      }),
  });

  const removing = mode === 'remove';
  return (
    <SecurityFormDialog
      open={mode !== null}
      onClose={onClose}
      title={
        removing
          ? 'Remove the anti-phishing phrase'
          : current
            ? 'Change the anti-phishing phrase'
            : 'Set an anti-phishing phrase'
      }
      description={
        removing
          ? 'Mails from us will no longer show a phrase at the top. Enter your password to confirm.'
          : 'Every mail from us will show this phrase at the top. Choose words only you would think of, and never type your password here.'
      }
      form={form}
      formRef={formRef}
      onSubmit={submitHandler(form)}
      refusal={refusal}
      submit={
        <form.AppForm>
          <form.SubmitButton variant={removing ? 'danger' : 'primary'}>
            {removing ? 'Remove phrase' : 'Save phrase'}
          </form.SubmitButton>
        </form.AppForm>
      }
    >
      {!removing && (
        <form.AppField name="phrase">
          {(field) => (
            <field.TextField
              label="Anti-phishing phrase"
              hint={`${antiPhishingPhraseLength.min} to ${antiPhishingPhraseLength.max} characters: letters, digits, spaces and simple punctuation.`}
              autoComplete="off"
              maxLength={antiPhishingPhraseLength.max + 8}
              spellCheck={false}
              required
            />
          )}
        </form.AppField>
      )}
      <form.AppField name="password">
        {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
      </form.AppField>
    </SecurityFormDialog>
  );
}
