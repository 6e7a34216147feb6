import type { ComponentPropsWithRef, ReactNode } from 'react';

/** The glyphs that say how something went. Drawn with `currentColor`, sized by the font (1em). */
export type StatusIconName = 'success' | 'error' | 'pending' | 'warning' | 'info';

const glyphs: Record<StatusIconName, ReactNode> = {
  success: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.5 2.5L16 9.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" />
    </>
  ),
  pending: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  warning: (
    <>
      <path d="M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9.5v4m0 3.5h.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5m0-8h.01" />
    </>
  ),
};

export type StatusIconProps = Omit<ComponentPropsWithRef<'svg'>, 'children'> & {
  /** Which status the glyph shows. */
  name: StatusIconName;
};

/** A decorative status glyph: always next to words that say the same thing, so hidden from screen readers. */
export function StatusIcon({ name, width = '1em', height = '1em', ...rest }: StatusIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={width}
      height={height}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {glyphs[name]}
    </svg>
  );
}
