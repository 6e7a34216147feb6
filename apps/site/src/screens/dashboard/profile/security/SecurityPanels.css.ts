import { vars } from '@ledgerline/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** A panel's state line and its action: side by side from a tablet up, stacked on a phone. */
export const stateRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const stateText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  flex: '1 1 18rem',
  minWidth: 0,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const loading = style({ display: 'flex', justifyContent: 'center', padding: vars.space.lg });

export const failed = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const failedText = style({ color: vars.color.textDanger });

/** The setup step: the QR code, then the setup key on one line and the code field, full width. */
export const setup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

/** The QR code keeps a light quiet zone in both themes, so any app can read it. */
export const qrCode = style({
  display: 'block',
  width: '10rem',
  height: '10rem',
  padding: vars.space.xs,
  background: '#fff',
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  imageRendering: 'pixelated',
  alignSelf: 'center',
});

export const setupFields = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
});

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  listStyle: 'none',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const formError = style({ color: vars.color.textDanger, fontSize: vars.fontSize.sm });

export const titleFocus = style({ outline: 'none' });

/** Sessions and activity: one row per entry, with a divider between them. */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const listItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 0, paddingTop: 0 } },
});

export const entry = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const entryTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const entryMeta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const footer = style({ display: 'flex', justifyContent: 'flex-end' });

export const panelBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

globalStyle(`${codes} li`, { fontVariantNumeric: 'tabular-nums' });

/** A section's heading, as a Card's title looks. */
export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

/** A panel's buttons, side by side, wrapping on a narrow phone. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** The anti-phishing phrase as it is typed: never broken mid-word unless it must be. */
export const phrase = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

/** What a panel's last action started and what to do next ("Check your inbox at …"). */
export const notice = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
