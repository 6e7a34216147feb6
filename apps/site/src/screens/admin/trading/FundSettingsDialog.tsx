import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, Select, TextArea, TextField, toast } from '@ledgerline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { api } from '../../../api/api';
import { showRequestFailure } from '../../../shared/requestFailure';
import {
  describeChanges,
  parseSetting,
  type SettingField,
  settingFields,
  settingValue,
  withChanges,
} from './deskWords';
import * as styles from './TradingScreens.css';
import { adminFundQuery, adminTradingQuery } from './tradingQueries';
import { useOpenings } from './useOpenings';

type AdminFund = Schemas['AdminFund'];
type FundSettings = Schemas['FundSettings'];
type RiskLevel = Schemas['RiskLevel'];
type Path = SettingField['path'];

const riskLevels = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
] as const satisfies readonly { value: RiskLevel; label: string }[];

export type FundSettingsDialogProps = {
  fund: AdminFund;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Shown on the review step beside the list of changes, with the settings as they would be: the
   * place for a backtest of the current settings against the proposed ones.
   */
  compare?: (proposed: FundSettings) => ReactNode;
};

/**
 * Changing a fund's parameters, risk limits, fees, minimum and risk level, in two steps: the form,
 * then a review that lists every change ("Stop-loss: 5 % → 6 %") before anything is saved. The
 * server checks the settings as when the fund was made; its refusal names each field at fault and
 * is shown in the dialog, with nothing saved. The change is audited with what it replaced.
 */
export function FundSettingsDialog({ fund, open, onOpenChange, compare }: FundSettingsDialogProps) {
  const openings = useOpenings(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content className={styles.wideDialog}>
        {/* Keyed: each opening starts from the fund's settings as they are. */}
        <SettingsSteps key={openings} fund={fund} onDone={() => onOpenChange(false)} compare={compare} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function SettingsSteps({
  fund,
  onDone,
  compare,
}: {
  fund: AdminFund;
  onDone: () => void;
  compare?: (proposed: FundSettings) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const settings = fund.settings;
  const fields = useMemo(() => settingFields(settings), [settings]);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.path, String(settingValue(settings, field.path) ?? '')])),
  );
  const [riskLevel, setRiskLevel] = useState<RiskLevel>(settings.riskLevel);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState<{ changes: Map<Path, number | null>; lines: string[] } | null>(null);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const changes = new Map<Path, number | null>();
    const found: Record<string, string> = {};
    for (const field of fields) {
      const parsed = parseSetting(field, typed[field.path] ?? '');
      if ('error' in parsed) found[field.path] = parsed.error;
      else if (parsed.value !== settingValue(settings, field.path)) changes.set(field.path, parsed.value);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const lines = describeChanges(fields, settings, changes);
    if (riskLevel !== settings.riskLevel) lines.push(`Risk level: ${settings.riskLevel} → ${riskLevel}`);
    if (lines.length === 0) {
      setErrors({ form: 'Nothing has changed' });
      return;
    }
    setRefusal(null);
    setReview({ changes, lines });
  };

  const save = async () => {
    if (!review) return;
    const next = withChanges(settings, review.changes);
    const changed = (group: 'strategy' | 'risk' | 'fees') =>
      [...review.changes.keys()].some((path) => path.startsWith(`${group}.`));
    setBusy(true);
    try {
      await unwrap(
        api.PATCH('/admin/funds/{fundId}', {
          params: { path: { fundId: fund.fund._id } },
          body: {
            ...(changed('strategy') ? { strategy: next.strategy } : {}),
            ...(changed('risk') ? { risk: next.risk } : {}),
            ...(changed('fees') ? { fees: next.fees } : {}),
            ...(review.changes.has('minimumInvestment') ? { minimumInvestment: next.minimumInvestment } : {}),
            ...(riskLevel !== settings.riskLevel ? { riskLevel } : {}),
            ...(reason.trim() ? { reason: reason.trim() } : {}),
          },
        }),
      );
      void queryClient.invalidateQueries({ queryKey: adminFundQuery(fund.fund._id).queryKey });
      void queryClient.invalidateQueries({ queryKey: adminTradingQuery.queryKey });
      toast.success(`${fund.fund.name}: settings saved`);
      onDone();
    } catch (error) {
      // Settings the server refuses are said in the dialog, naming the fields; nothing was saved.
      if (error instanceof ApiError && error.status === 400) {
        setRefusal(error.msg);
        return;
      }
      showRequestFailure(error);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  if (review) {
    return (
      <>
        <Dialog.Title>Save these changes to {fund.fund.name}?</Dialog.Title>
        <Dialog.Description>They apply from the fund's next step.</Dialog.Description>
        <Dialog.Body className={styles.form}>
          <ul className={styles.changes} aria-label="Changes">
            {review.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {compare?.(withChanges(settings, review.changes))}
          <TextArea
            label="Reason"
            hint="Kept in the audit log with the settings it replaces."
            optional
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {refusal && (
            <p role="alert" className={styles.warningText}>
              Not saved: {refusal}
            </p>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="secondary" disabled={busy} onClick={() => setReview(null)}>
            Back
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            Save changes
          </Button>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <form noValidate onSubmit={toReview} className={styles.form}>
      <Dialog.Title>Change {fund.fund.name}</Dialog.Title>
      <Dialog.Description>
        An empty optional limit turns it off. You review every change before it is saved.
      </Dialog.Description>
      <Dialog.Body className={styles.form}>
        <div className={styles.fieldGrid}>
          {fields.map((field) => (
            <TextField
              key={field.path}
              label={field.unit ? `${field.label} (${field.unit})` : field.label}
              optional={field.optional}
              inputMode={field.integer ? 'numeric' : 'decimal'}
              value={typed[field.path] ?? ''}
              error={errors[field.path]}
              onChange={(event) => {
                const value = event.target.value;
                setTyped((current) => ({ ...current, [field.path]: value }));
                setErrors(({ [field.path]: _, form: __, ...rest }) => rest);
              }}
            />
          ))}
          <Select
            label="Risk level"
            options={riskLevels}
            value={riskLevel}
            onValueChange={(value) => {
              setRiskLevel(value);
              setErrors(({ form: _, ...rest }) => rest);
            }}
          />
        </div>
        {errors.form && (
          <p role="alert" className={styles.warningText}>
            {errors.form}
          </p>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit">Review changes</Button>
      </Dialog.Footer>
    </form>
  );
}
