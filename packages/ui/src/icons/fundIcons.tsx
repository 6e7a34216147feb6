import type { ReactNode } from 'react';
import type { IconProps } from './icons';

// The funds' icons, apart from `icons.tsx`: that module is shared by the public pages, and these
// are drawn only in the signed-in dashboard's navigation. Same grid, stroke and defaults as the
// light line icons there.

/** A light line icon on a 24-unit grid: 1.75 stroke, round ends and corners; 1em square, decorative. */
function Line24Light({ children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** A pie cut into three slices: funds, each a pool shared by its investors. */
export const FundsIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 3.5V12l6 6M12 12l-7.4 4.2" />
  </Line24Light>
);

/** A briefcase: what an investor holds. */
export const PortfolioIcon = (props: IconProps) => (
  <Line24Light {...props}>
    <rect x="3.5" y="7.5" width="17" height="12" rx="2" />
    <path d="M9 7.5v-2a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 5.5v2M3.5 12.5h17" />
  </Line24Light>
);
