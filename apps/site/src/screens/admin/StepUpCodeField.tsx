import { TextField } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { securityQuery } from '../../shared/securityQuery';

/**
 * Whether this admin's acts that move money or where it goes need a fresh code from their
 * authenticator app: they do whenever the admin has two-factor on (the server asks for one then).
 */
export function useStepUpRequired(): boolean {
  const security = useQuery(securityQuery);
  return security.data?.twoFactorEnabled === true;
}

export type StepUpCodeFieldProps = {
  /** The code typed so far. */
  value: string;
  onChange: (code: string) => void;
  /** Why the code was refused, or that it is missing. */
  error?: string;
};

/** The 6-digit code from the admin's authenticator app, asked for just before the act it allows. */
export function StepUpCodeField({ value, onChange, error }: StepUpCodeFieldProps) {
  return (
    <TextField
      label="Code from your authenticator app"
      hint="A new code: each one works once."
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}

/** The code as the contract takes it: only when one is needed. */
export function stepUpBody(required: boolean, code: string): { twoFactorCode?: string } {
  return required ? { twoFactorCode: code } : {};
}
