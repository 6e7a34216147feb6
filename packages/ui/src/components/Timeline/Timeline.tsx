import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { StatusIcon } from '../StatusBadge/StatusIcon';
import {
  actor as actorStyle,
  body,
  heading,
  item as itemStyle,
  label as labelStyle,
  list,
  marker,
  note as noteStyle,
  type TimelineMarkerVariants,
  time as timeStyle,
} from './Timeline.css';

/** How a state went: it colours the marker and picks its glyph. */
export type TimelineTone = NonNullable<TimelineMarkerVariants['tone']>;

/** One state of a request, in the order it happened. */
export type TimelineItem = {
  /** What happened, in words that say the tone too: "Requested", "Approved", "Rejected". */
  label: ReactNode;
  /** When it happened, as an ISO 8601 date-time; none for a state that is still awaited. @default undefined */
  time?: string | null;
  /** Who did it, written after "by". @default undefined */
  actor?: ReactNode;
  /** A note on it, such as the reason of a rejection. @default undefined */
  note?: ReactNode;
  /** The marker's colour and glyph; the label must say the same in words. @default 'neutral' */
  tone?: TimelineTone;
};

export type TimelineProps = Omit<ComponentPropsWithRef<'ol'>, 'children'> & {
  /** The states, oldest first. */
  items: readonly TimelineItem[];
  /** Writes an item's time. @default a medium date and a short time in the reader's time zone, e.g. "Nov 21, 2026, 4:05 PM" */
  formatTime?: (iso: string) => string;
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** The neutral marker: a ring around a dot, in the 24-unit status glyphs' stroke. */
function NeutralGlyph() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth={2} />
      <circle cx="12" cy="12" r="3" fill="currentColor" />
    </svg>
  );
}

function Glyph({ tone }: { tone: TimelineTone }) {
  if (tone === 'positive') return <StatusIcon name="success" />;
  if (tone === 'negative') return <StatusIcon name="error" />;
  if (tone === 'pending') return <StatusIcon name="pending" />;
  return <NeutralGlyph />;
}

/**
 * The states a request went through, oldest first, as an ordered list: each with its time, who acted
 * and a note. The marker's colour and glyph repeat what the label says; they never say it alone.
 */
export function Timeline({ items, formatTime = formatDateTime, className, ...rest }: TimelineProps) {
  return (
    <ol className={clsx(list, className)} {...rest}>
      {items.map((entry, index) => (
        // The states are given in the order they happened and never reordered: the place is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className={itemStyle}>
          <span className={marker({ tone: entry.tone })} aria-hidden="true">
            <Glyph tone={entry.tone ?? 'neutral'} />
          </span>
          <div className={body}>
            <p className={heading}>
              <span className={labelStyle}>{entry.label}</span>
              {entry.time && (
                <time className={timeStyle} dateTime={entry.time}>
                  {formatTime(entry.time)}
                </time>
              )}
            </p>
            {entry.actor && <p className={actorStyle}>by {entry.actor}</p>}
            {entry.note && <p className={noteStyle}>{entry.note}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
