import type { ReactNode, SVGProps } from 'react';

/**
 * The design system's icons: small line and glyph drawings in the current colour (`currentColor`),
 * 1em square unless a class or `width`/`height` sizes them, and hidden from screen readers: each sits
 * next to words that say the same thing, or inside a control that is named otherwise.
 *
 * Names say the drawing. Where two drawings of the same thing differ, a suffix says how: `Light`
 * (a thinner stroke), `Bold` (a thicker stroke), `Wide` (a wider drawing), `Small` (a smaller one).
 * Two icons are one only when they are the same drawing: same grid, paths and stroke.
 */

/** Every icon takes an `<svg>`'s own props and spreads them on it, after its defaults. */
export type IconProps = SVGProps<SVGSVGElement>;

/** The `<svg>` of every icon: 1em square, decorative. */
function Svg({ children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg width="1em" height="1em" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

/** A light line icon on a 24-unit grid: 1.75 stroke, round ends and corners. */
function Line24Light({ children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <Svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {children}
    </Svg>
  );
}

/** A line icon on a 24-unit grid: 2 stroke, round ends and corners. */
function Line24({ children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <Svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {children}
    </Svg>
  );
}

// Navigation and account (24-unit line icons).

/** Four tiles: the dashboard's overview. */
export const OverviewIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <rect x="3.5" y="3.5" width="7" height="8" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
    <rect x="3.5" y="14.5" width="7" height="6" rx="1.5" />
  </Line24Light>
);

/** A head and shoulders: a person's profile. */
export const ProfileIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1.2-3.8 4-5.5 7.5-5.5s6.3 1.7 7.5 5.5" />
  </Line24Light>
);

/** An arrow down into a tray: money coming in. */
export const DepositIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M12 3.5v10M8 9.5l4 4 4-4" />
    <path d="M4 14.5v3a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-3" />
  </Line24Light>
);

/** An arrow up out of a tray: money going out. */
export const WithdrawalIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M12 13.5v-10M8 7.5l4-4 4 4" />
    <path d="M4 14.5v3a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-3" />
  </Line24Light>
);

/** A rising chart line with its arrow head: trading plans. */
export const TradingPlansIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M3.5 20.5h17" />
    <path d="M6 16.5l4.5-5 3.5 3 5.5-7" />
    <path d="M15.5 7.5h4v4" />
  </Line24Light>
);

/** An identity card: identity checks (KYC). */
export const KycIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2.25" />
    <path d="M5.75 16.5c.6-1.7 1.7-2.5 3.25-2.5s2.65.8 3.25 2.5M14.5 10h3.5M14.5 13.5h3.5" />
  </Line24Light>
);

/** A person with a plus: inviting someone. */
export const ReferralIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <circle cx="9" cy="8.5" r="3.25" />
    <path d="M3 19.5c.9-3.1 3.1-4.75 6-4.75s5.1 1.65 6 4.75" />
    <path d="M18 8v6M15 11h6" />
  </Line24Light>
);

/** A clock with a turning arrow: history. */
export const HistoryIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 4v4h4" />
    <path d="M12 7.5V12l3 2" />
  </Line24Light>
);

/** An arrow leaving a door: signing out. */
export const LogoutIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M14 4.5h3.5a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H14" />
    <path d="M10 16.5 5.5 12 10 7.5M5.5 12H15" />
  </Line24Light>
);

/** A sun-like cog: settings. */
export const SettingsIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.75v2.5M12 18.75v2.5M21.25 12h-2.5M5.25 12h-2.5M18.5 5.5l-1.8 1.8M7.3 16.7l-1.8 1.8M18.5 18.5l-1.8-1.8M7.3 7.3 5.5 5.5" />
  </Line24Light>
);

/** A headset: support. */
export const HeadsetIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19a3 3 0 0 1-3 3h-3" />
  </Line24Light>
);

// Files (24-unit line icons).

/** An arrow up out of a tray: uploading a file. */
export const UploadIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5" />
    <path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
  </Line24Light>
);

/** A page with a folded corner and lines: a document. */
export const DocumentIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Line24Light>
);

/** An empty tray: nothing to show. A 24-unit drawing with a 1.5 stroke. */
export const TrayIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.5}
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M3 13.5 5.6 5.4A2 2 0 0 1 7.5 4h9a2 2 0 0 1 1.9 1.4L21 13.5" />
    <path d="M3 13.5V18a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-4.5h-5.5a3.5 3.5 0 0 1-7 0Z" />
  </Svg>
);

// Status (24-unit bold icons).

/** A check in a circle: it went well. */
export const SuccessIcon = (props: IconProps) => (
  <Line24 {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.5 2.5L16 9.5" />
  </Line24>
);

/** A cross in a circle: it failed. */
export const ErrorIcon = (props: IconProps) => (
  <Line24 {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6m0-6-6 6" />
  </Line24>
);

/** A clock: it is waiting. */
export const PendingIcon = (props: IconProps) => (
  <Line24 {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Line24>
);

/** An exclamation mark in a triangle: take care. */
export const WarningIcon = (props: IconProps) => (
  <Line24 {...props}>
    <path d="M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9.5v4m0 3.5h.01" />
  </Line24>
);

/** An "i" in a circle: for your information. */
export const InfoIcon = (props: IconProps) => (
  <Line24 {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5m0-8h.01" />
  </Line24>
);

/** A slashed circle: called off, by the one who asked for it. */
export const CancelledIcon = (props: IconProps) => (
  <Line24 {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.7 5.7 12.6 12.6" />
  </Line24>
);

/** A filled disc with an exclamation mark: an error message's mark. A 16-unit filled glyph. */
export const AlertFilledIcon = (props: IconProps) => (
  <Svg viewBox="0 0 16 16" fill="currentColor" {...props}>
    <path d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 9.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2ZM8 4a.9.9 0 0 0-.9.95l.25 4.1a.65.65 0 0 0 1.3 0l.25-4.1A.9.9 0 0 0 8 4Z" />
  </Svg>
);

// Controls (24-unit, 2 stroke).

/** A cross: close. */
export const CloseIcon = (props: IconProps) => (
  <Svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

/** A smaller cross: dismiss a toast. */
export const CloseSmallIcon = (props: IconProps) => (
  <Svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" {...props}>
    <path d="M7 7l10 10M17 7 7 17" />
  </Svg>
);

/** Three bars: open the menu. */
export const MenuIcon = (props: IconProps) => (
  <Svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);

/** An open eye: show the password. */
export const EyeIcon = (props: IconProps) => (
  <Line24 {...props}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Line24>
);

/** An eye struck through: hide the password. */
export const EyeOffIcon = (props: IconProps) => (
  <Line24 {...props}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    <path d="M4 4l16 16" />
  </Line24>
);

// Chevrons.

/** A chevron pointing down: opens and closes (an accordion). 24-unit grid, 2 stroke. */
export const ChevronDownIcon = (props: IconProps) => (
  <Line24 {...props}>
    <path d="m6 9 6 6 6-6" />
  </Line24>
);

/** The same chevron with a 1.75 stroke, beside the line icons (the account menu). */
export const ChevronDownLightIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <path d="m6 9 6 6 6-6" />
  </Line24Light>
);

/** A chevron pointing down on a 20-unit grid, 2 stroke (thicker for its size): a select's arrow. */
export const ChevronDownBoldIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M5 8l5 5 5-5" />
  </Svg>
);

/** A chevron pointing left on a 20-unit grid, 2 stroke: previous. */
export const ChevronLeftIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M12.5 4.5 7 10l5.5 5.5" />
  </Svg>
);

/** A chevron pointing right on a 20-unit grid, 2 stroke: next. */
export const ChevronRightIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M7.5 4.5 13 10l-5.5 5.5" />
  </Svg>
);

// Media (20-unit grid).

/** Two bars: pause. */
export const PauseIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
    {...props}
  >
    <path d="M6.5 4.5v11M13.5 4.5v11" />
  </Svg>
);

/** A filled triangle: play. */
export const PlayIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 20 20"
    fill="currentColor"
    stroke="currentColor"
    strokeWidth="1.5"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M6.5 4.2v11.6L15.5 10Z" />
  </Svg>
);

// Checks and marks (16-unit grid).

/** A check mark, 2 stroke: included (a feature list). */
export const CheckIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M3.5 8.5l3 3 6-7" />
  </Svg>
);

/** The same check mark, 2.25 stroke: a ticked checkbox. */
export const CheckBoldIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.25"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M3.5 8.5l3 3 6-7" />
  </Svg>
);

/** A bar, 2.25 stroke: a checkbox that is partly ticked. */
export const MinusBoldIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.25"
    strokeLinecap="round"
    {...props}
  >
    <path d="M4 8h8" />
  </Svg>
);

/** A wider check mark, 2 stroke: the chosen option of a select. */
export const CheckWideIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M3 8.5l3.2 3L13 4.5" />
  </Svg>
);

/** A wider check mark, 1.75 stroke: copied. */
export const CheckWideLightIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="m3 8.5 3 3 7-7" />
  </Svg>
);

/** Two overlapping sheets: copy. */
export const CopyIcon = (props: IconProps) => (
  <Svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" {...props}>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5" />
  </Svg>
);

// Changes (arrows).

/** An arrow up, 16-unit grid, 1.75 stroke: a figure went up. */
export const ArrowUpIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" />
  </Svg>
);

/** An arrow down, 16-unit grid, 1.75 stroke: a figure went down. */
export const ArrowDownIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M8 3v10M3.5 8.5 8 13l4.5-4.5" />
  </Svg>
);

/** An arrow up, 12-unit grid, 1.6 stroke: a price went up (beside small text). */
export const ArrowUpSmallIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 12 12"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M6 10V2M2.5 5.5 6 2l3.5 3.5" />
  </Svg>
);

/** An arrow down, 12-unit grid, 1.6 stroke: a price went down. */
export const ArrowDownSmallIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 12 12"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M6 2v8M2.5 6.5 6 10l3.5-3.5" />
  </Svg>
);

/** A bar, 12-unit grid, 1.6 stroke: a price did not move. */
export const MinusSmallIcon = (props: IconProps) => (
  <Svg
    viewBox="0 0 12 12"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M2 6h8" />
  </Svg>
);

// Decoration.

/** A pair of quotation marks opening a quote. A 32-unit filled glyph. */
export const QuoteIcon = (props: IconProps) => (
  <Svg viewBox="0 0 32 32" fill="currentColor" {...props}>
    <path d="M13 9.5c-4.4 1.6-7 5-7 9.7 0 3.2 1.9 5.3 4.6 5.3 2.4 0 4.2-1.8 4.2-4.1 0-2.2-1.5-3.8-3.6-4 .4-2.1 1.9-3.8 4-4.8Zm13 0c-4.4 1.6-7 5-7 9.7 0 3.2 1.9 5.3 4.6 5.3 2.4 0 4.2-1.8 4.2-4.1 0-2.2-1.5-3.8-3.6-4 .4-2.1 1.9-3.8 4-4.8Z" />
  </Svg>
);
