import { ApiError, type components, networkFailure, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, FieldError } from '@ledgerline/ui';
import { RiskWarning } from '@ledgerline/ui/funds';
import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api } from '../../../api/api';
import { fieldError, focusFirstInvalid } from '../../../forms/fieldError';
import { submitHandler } from '../../../forms/submitHandler';
import { useClock } from '../../../shared/clock';
import { formatDateTime } from '../../../shared/formatDate';
import * as styles from './AppropriatenessStep.css';
import * as orderStyles from './FundOrderDialog.css';
import { appropriatenessQuery } from './fundQueries';

type AppropriatenessCheck = components['schemas']['AppropriatenessCheck'];
type Question = AppropriatenessCheck['questions'][number];

/** Said under a question left unanswered. */
export const chooseAnAnswer = 'Please choose an answer';

/** A failed check may be taken again once its `retakeAfter` has passed. */
export function mayRetake(check: AppropriatenessCheck, now: number): boolean {
  return check.status !== 'failed' || check.retakeAfter === null || Date.parse(check.retakeAfter) <= now;
}

function QuestionField({
  question,
  value,
  error,
  disabled,
  onChoose,
}: {
  question: Question;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChoose: (option: string) => void;
}) {
  const errorId = useId();
  return (
    <fieldset
      className={styles.question}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      data-question={question.id}
    >
      <legend className={styles.legend}>{question.text}</legend>
      {question.options.map((option) => (
        <label key={option.id} className={styles.option}>
          <input
            type="radio"
            className={styles.radio}
            name={`appropriateness-${question.id}`}
            value={option.id}
            checked={value === option.id}
            onChange={() => onChoose(option.id)}
            aria-invalid={error ? true : undefined}
          />
          {option.text}
        </label>
      ))}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

export type AppropriatenessStepProps = {
  /** Where the investor stands: not taken, or failed (the dialog shows the amount once passed). */
  check: AppropriatenessCheck;
  /** Closes the dialog. */
  onCancel: () => void;
};

/**
 * Before a first investment: the appropriateness check. Each question is a group of radios (one Tab
 * stop, arrows choose); every one must be answered. A failed try lists why, answer by answer, and
 * says when it may be taken again (a day later); a passed one leads on to the amount.
 */
export function AppropriatenessStep({ check, onCancel }: AppropriatenessStepProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const clock = useClock();
  const answerable = mayRetake(check, clock());
  const form = useForm({
    defaultValues: Object.fromEntries(check.questions.map((question) => [question.id, ''])) as Record<
      string,
      string
    >,
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        const answer = await unwrap(api.POST('/users/appropriateness', { body: { answers: value } }));
        // The dialog follows the answer: the amount once passed, the reasons once failed.
        queryClient.setQueryData(appropriatenessQuery.queryKey, answer);
      } catch (error) {
        setFailure(
          error instanceof ApiError ? (error.status === 0 ? networkFailure : error.msg) : String(error),
        );
      }
    },
  });

  if (!answerable) {
    return (
      <>
        <Dialog.Body className={orderStyles.body}>
          <RiskWarning />
          <p className={styles.note}>
            Your answers showed that this investment may not be right for you yet:
          </p>
          <ul className={styles.reasons}>
            {check.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {check.retakeAfter && (
            <p className={styles.note}>
              You can take the check again after {formatDateTime(check.retakeAfter)}.
            </p>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onCancel}>Back to the funds</Button>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
      <Dialog.Body className={orderStyles.body}>
        <RiskWarning />
        {check.status === 'failed' && (
          <p className={styles.note}>
            Last time, your answers showed this investment may not be right for you. Read each question again
            before you answer.
          </p>
        )}
        <div className={styles.questions}>
          {check.questions.map((question) => (
            <form.Field
              key={question.id}
              name={question.id}
              validators={{ onSubmit: ({ value }) => (value === '' ? chooseAnAnswer : undefined) }}
            >
              {(field) => (
                <form.Subscribe selector={(state) => state.isSubmitting}>
                  {(submitting) => (
                    <QuestionField
                      question={question}
                      value={field.state.value}
                      error={fieldError(field)}
                      disabled={submitting}
                      onChoose={(option) => field.handleChange(option)}
                    />
                  )}
                </form.Subscribe>
              )}
            </form.Field>
          ))}
        </div>
        {failure && (
          <p role="alert" className={orderStyles.failure}>
            {failure}
          </p>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" loading={submitting}>
              Submit my answers
            </Button>
          )}
        </form.Subscribe>
      </Dialog.Footer>
    </form>
  );
}
