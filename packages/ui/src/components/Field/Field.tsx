import { clsx } from 'clsx';
import { type ComponentPropsWithRef, createContext, type ReactNode, useContext, useId, useMemo } from 'react';
import { AlertFilledIcon } from '../../icons/icons';
import * as styles from './Field.css';

/** The props a Field hands to its control: spread them on the `<input>`, `<textarea>` or trigger. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
  disabled?: boolean;
};

/** What every form control built on Field takes for its label, hint and error. */
export type FieldLabelProps = {
  /** The visible label. Every control has one. */
  label: ReactNode;
  /** Help below the label, linked to the control with `aria-describedby`. */
  hint?: ReactNode;
  /** The error message: sets `aria-invalid`, is linked with `aria-describedby` and shows with an icon. */
  error?: ReactNode;
  /** Adds "(optional)" to the label, for the few optional fields of a mostly required form. @default false */
  optional?: boolean;
};

type FieldContextValue = { control: FieldControlProps; labelId: string };

const FieldContext = createContext<FieldContextValue | null>(null);

/**
 * For controls built inside a `<Field>` without the render prop: returns the props to spread on the
 * control and the label's id (for controls named by `aria-labelledby`).
 */
export function useFieldControl(): FieldContextValue {
  const context = useContext(FieldContext);
  if (!context) throw new Error('useFieldControl() must be called inside a <Field>.');
  return context;
}

export type FieldProps = Omit<ComponentPropsWithRef<'div'>, 'children'> &
  FieldLabelProps & {
    /** The control's id, which the label points at. @default a generated id */
    controlId?: string;
    /** Adds "(required)" to the label and `required` to the control. @default false */
    required?: boolean;
    /** Dims the label and disables the control. @default false */
    disabled?: boolean;
    /** The control: an element that reads `useFieldControl()`, or a function given the control's props (and the label's id). */
    children: ReactNode | ((control: FieldControlProps, field: { labelId: string }) => ReactNode);
  };

/**
 * A label, an optional hint and an optional error around one control. The label points at the
 * control, the hint and error describe it, and an error marks it invalid.
 */
export function Field({
  label,
  hint,
  error,
  optional = false,
  required = false,
  disabled = false,
  controlId,
  className,
  children,
  ...rest
}: FieldProps) {
  const generatedId = useId();
  const id = controlId ?? generatedId;
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error);

  const context = useMemo<FieldContextValue>(
    () => ({
      control: {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': invalid || undefined,
        required: required || undefined,
        disabled: disabled || undefined,
      },
      labelId,
    }),
    [id, describedBy, invalid, required, disabled, labelId],
  );

  return (
    <div className={clsx(styles.field, className)} data-disabled={disabled || undefined} {...rest}>
      <div className={styles.labelGroup}>
        <label id={labelId} htmlFor={id} className={styles.label}>
          {label}
          {required && (
            <>
              {' '}
              <span className={styles.marker}>(required)</span>
            </>
          )}
          {optional && !required && (
            <>
              {' '}
              <span className={styles.marker}>(optional)</span>
            </>
          )}
        </label>
        {hint && (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        )}
      </div>
      <FieldContext value={context}>
        {typeof children === 'function' ? children(context.control, { labelId }) : children}
      </FieldContext>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export type FieldErrorProps = ComponentPropsWithRef<'p'>;

/** An error message in the danger colour with its icon. Field renders one; Checkbox uses it alone. */
export function FieldError({ className, children, ...rest }: FieldErrorProps) {
  return (
    <p className={clsx(styles.error, className)} {...rest}>
      <span className={styles.errorIcon}>
        <AlertFilledIcon className={styles.errorSvg} />
      </span>
      <span>{children}</span>
    </p>
  );
}

/** The props every Field-based control takes for its Field: its label texts, state, id and class. */
type FieldOwnProps = FieldLabelProps & {
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/**
 * Splits a Field-based control's props into the Field's (label, hint, error, optional, required,
 * disabled, id as `controlId`, className) and the rest, which go to the control itself.
 */
export function splitFieldProps<P extends FieldOwnProps>(props: P) {
  const { label, hint, error, optional, required, disabled, id, className, ...rest } = props;
  const field = { label, hint, error, optional, required, disabled, controlId: id, className };
  return [field, rest] as const;
}

export type FieldBoxProps = Omit<FieldProps, 'children'> & {
  /** The box drawn around the control and its adornments. @default the shared text-control box */
  boxClassName?: string;
  /** The control (and its prefix or buttons), given the props to spread on the control. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A Field whose control sits in the shared text-control box, which shows the invalid and disabled
 * states: the frame of TextField, TextArea, PasswordField, PhoneField and MoneyField.
 */
export function FieldBox({ boxClassName = styles.control, disabled, children, ...field }: FieldBoxProps) {
  return (
    <Field disabled={disabled} {...field}>
      {(controlProps) => (
        <div
          className={boxClassName}
          data-invalid={controlProps['aria-invalid']}
          data-disabled={disabled || undefined}
        >
          {children(controlProps)}
        </div>
      )}
    </Field>
  );
}
