import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

/** A warning above the form: it holds for the whole page, not for one field. */
export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSubtle,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  color: vars.color.text,
});

export const title = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.textWarning });
