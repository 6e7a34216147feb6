import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const formCard = style({ maxWidth: '40rem' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

export const result = style({
  alignItems: 'flex-start',
  gap: vars.space.md,
  maxWidth: '40rem',
});

export const resultHeader = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const resultIcon = style({
  width: vars.space.xxxl,
  height: vars.space.xxxl,
  color: vars.color.textSuccess,
});

export const resultText = style({ lineHeight: vars.lineHeight.relaxed });

export const rejected = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: '40rem',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.dangerSubtle,
  color: vars.color.text,
});

export const rejectedHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const rejectedTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const reasonLabel = style({ fontWeight: vars.fontWeight.medium });
