import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
});

export const loading = style({ display: 'grid', placeItems: 'center', padding: vars.space.xxl });

export const coin = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const user = style({ display: 'block', textTransform: 'capitalize' });

/** A person's name as stored (lower-cased), shown with capitals. */
export const name = style({ textTransform: 'capitalize' });

export const meta = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const mono = style({ fontFamily: vars.font.mono });

export const more = style({ display: 'flex', justifyContent: 'center' });

/** The review: the receipt beside the facts once there is room, above them on a phone. */
export const review = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { '(min-width: 40rem)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const details = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const detail = style({ display: 'grid', gap: vars.space.xxs });

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: 0, minWidth: 0 });

export const confirm = style({ margin: 0, lineHeight: vars.lineHeight.relaxed });

export const link = style({ color: vars.color.textAccent, fontWeight: vars.fontWeight.medium });

/** A page's facts in columns, as many as fit. */
export const facts = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  margin: 0,
});

/** A row header with long text (a ledger entry's memo): it wraps rather than widening the table. */
export const wrapping = style({ selectors: { '&&': { whiteSpace: 'normal', minWidth: '16rem' } } });

/** A live preview: framed like the surface it will be shown on. */
export const preview = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.borderStrong}`,
});

/** The notification's card: what is set, and the button that sets it, side by side when they fit. */
export const notification = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** A notification's title, exactly as the admin wrote it. */
export const notificationTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

/** The user search of a queue's filters: the field and its button on one line. */
export const userSearch = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.xs });

/** The user a queue is narrowed to, and the button that widens it again. */
export const chosenUser = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  minHeight: '2.5rem',
});

/** The line that says another admin resolved the request in review. */
export const resolvedElsewhere = style({
  margin: 0,
  marginBlockEnd: vars.space.md,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.infoSubtle,
  color: vars.color.textInfo,
  fontWeight: vars.fontWeight.medium,
});

/** Why a request cannot be approved yet, above the review's buttons. */
export const approvalWaits = style({
  margin: 0,
  marginBlockStart: vars.space.md,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSubtle,
  color: vars.color.textWarning,
  fontWeight: vars.fontWeight.medium,
});

/** A flag under a request's status in a queue (a withdrawal held by its account's pause). */
export const statusFlag = style({ display: 'flex', marginBlockStart: vars.space.xxs });

/** A titled part of a page outside a card (a user's ledger): its heading above what it holds. */
export const section = style({ display: 'grid', gap: vars.space.md });
