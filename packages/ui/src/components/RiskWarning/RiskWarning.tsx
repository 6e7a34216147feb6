import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { WarningIcon } from '../../icons/icons';
import { icon, lead, text, warning } from './RiskWarning.css';

/**
 * The risk warning a promotion of a high-risk investment carries, word for word: every screen that
 * promotes or sells a fund shows it, and so does the dialog that invests in one.
 */
export const fundRiskWarning =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong.";

export type RiskWarningProps = Omit<ComponentPropsWithRef<'div'>, 'children'>;

/**
 * The fund risk warning in a box that stands out from the page, named "Risk warning" for screen
 * readers. Its words are fixed: they cannot be shortened or reworded by a caller.
 */
export function RiskWarning({ className, ...rest }: RiskWarningProps) {
  return (
    <div role="note" aria-label="Risk warning" className={clsx(warning, className)} {...rest}>
      <WarningIcon className={icon} />
      <p className={text}>
        <span className={lead}>Risk warning: </span>
        {fundRiskWarning}
      </p>
    </div>
  );
}
