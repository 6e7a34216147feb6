import { ApiError, type Schemas } from '@ledgerline/api-client';
import { ResultDialog, type SelectOption, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { useMoneyForm } from '../../../forms/moneyForm';
import { submitHandler } from '../../../forms/submitHandler';
import * as styles from './KycScreen.css';

type KycDocument = Schemas['KycDocument'];

/** Passport is the only verification method offered. */
const methods: readonly SelectOption<KycDocument>[] = [{ value: 'passport', label: 'Passport' }];

// The method is required and one file only; neither rule has a set wording, so these messages are ours.
export const kycSchema = z.object({
  document: z
    .enum(['', 'passport'])
    .check(z.refine((value) => value !== '', 'Please choose a verification method')),
  image: z.custom<File | null>((value) => value instanceof File, 'Please upload an image of your document'),
});

type KycValues = { document: KycDocument | ''; image: File | null };

/**
 * The verification form: the method (only Passport) and one image of the document. On success a
 * "KYC Request Sent" dialog says the request awaits review; closing it calls `onSent`.
 */
export function KycForm({ onSent }: { onSent: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState(false);
  const form = useMoneyForm({
    defaultValues: { document: '', image: null } as KycValues,
    validators: { onChange: kycSchema, onSubmit: kycSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      if (!value.document || !value.image) return;
      try {
        await api.multipart('POST', '/kyc', { parts: { document: value.document, image: value.image } });
        setSent(true);
      } catch (error) {
        // A refusal shows the server's message as an error toast (the Toaster sits at the top centre).
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <>
      <form ref={formRef} noValidate onSubmit={submitHandler(form)} className={styles.form}>
        <form.AppField name="document">
          {(field) => (
            <field.Select
              label="Verification method"
              required
              placeholder="Choose a method"
              options={methods}
            />
          )}
        </form.AppField>
        <form.AppField name="image">
          {(field) => (
            <field.FileField
              label="Document image"
              required
              hint="One clear photo or scan of your passport’s photo page: JPEG, PNG or WebP, up to 5 MB."
            />
          )}
        </form.AppField>
        <div>
          <form.AppForm>
            <form.SubmitButton>Submit for review</form.SubmitButton>
          </form.AppForm>
        </div>
      </form>
      <ResultDialog
        open={sent}
        onOpenChange={(open) => {
          if (open) return;
          setSent(false);
          // Close stands for a page reload: fetching the request again shows the person the same.
          onSent();
        }}
        // One way out: the action says Close, so no second close button in the corner.
        showCloseButton={false}
        title="KYC Request Sent"
        message="Your identity document has been sent and is awaiting review. This page shows the result once our team has checked it."
      />
    </>
  );
}
