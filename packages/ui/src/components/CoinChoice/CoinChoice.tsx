import { coinTypes } from '@ledgerline/rules/coins';
import { type FocusEvent, useId } from 'react';
import { CoinIcon } from '../CoinIcon/CoinIcon';
import { type Coin, paymentMarkNames } from '../CoinIcon/coins';
import { FieldError } from '../Field/Field';
import * as styles from './CoinChoice.css';

export type CoinChoiceProps = {
  /** The group's visible name, e.g. "Coin". */
  label: string;
  /** The radios' form name. */
  name: string;
  /** The chosen coin, or `''` for none yet. */
  value: Coin | '';
  /** Called with the coin a person picks. */
  onValueChange: (coin: Coin) => void;
  /** Called when focus leaves a radio (the form's "touched"). */
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** The message under the choices; marks them invalid. */
  error?: string;
  /** Turns the choices off while a request is sent. @default false */
  disabled?: boolean;
};

/**
 * Bitcoin, Ethereum or USDT as three radio cards with the coin's mark: one Tab stop, the arrows move
 * and choose (native radios), and the ticked radio shows the choice, not colour alone.
 */
export function CoinChoice({
  label,
  name,
  value,
  onValueChange,
  onBlur,
  error,
  disabled = false,
}: CoinChoiceProps) {
  const errorId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.options}>
        {coinTypes.map((coin) => (
          <label key={coin} className={styles.option}>
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={coin}
              checked={value === coin}
              onChange={() => onValueChange(coin)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
            />
            <CoinIcon coin={coin} size="md" title={null} />
            <span className={styles.name}>{paymentMarkNames[coin]}</span>
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
