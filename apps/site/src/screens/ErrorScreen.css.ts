import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  textAlign: 'center',
});

export const title = style({ fontSize: vars.fontSize.xxxl, fontWeight: vars.fontWeight.bold });

export const message = style({ color: vars.color.textMuted, fontFamily: vars.font.mono });
