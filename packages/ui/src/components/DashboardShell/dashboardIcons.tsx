import type { ReactNode } from 'react';

/** A 24 × 24 line icon in the current colour, decorative. */
function Icon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const OverviewIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="3.5" y="3.5" width="7" height="8" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
    <rect x="3.5" y="14.5" width="7" height="6" rx="1.5" />
  </Icon>
);

export const ProfileIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1.2-3.8 4-5.5 7.5-5.5s6.3 1.7 7.5 5.5" />
  </Icon>
);

export const DepositIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M12 3.5v10M8 9.5l4 4 4-4" />
    <path d="M4 14.5v3a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-3" />
  </Icon>
);

export const WithdrawalIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M12 13.5v-10M8 7.5l4-4 4 4" />
    <path d="M4 14.5v3a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-3" />
  </Icon>
);

export const TradingPlansIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M3.5 20.5h17" />
    <path d="M6 16.5l4.5-5 3.5 3 5.5-7" />
    <path d="M15.5 7.5h4v4" />
  </Icon>
);

export const KycIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2.25" />
    <path d="M5.75 16.5c.6-1.7 1.7-2.5 3.25-2.5s2.65.8 3.25 2.5M14.5 10h3.5M14.5 13.5h3.5" />
  </Icon>
);

export const ReferralIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="9" cy="8.5" r="3.25" />
    <path d="M3 19.5c.9-3.1 3.1-4.75 6-4.75s5.1 1.65 6 4.75" />
    <path d="M18 8v6M15 11h6" />
  </Icon>
);

export const HistoryIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 4v4h4" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const LogoutIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M14 4.5h3.5a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H14" />
    <path d="M10 16.5 5.5 12 10 7.5M5.5 12H15" />
  </Icon>
);

export const SettingsIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.75v2.5M12 18.75v2.5M21.25 12h-2.5M5.25 12h-2.5M18.5 5.5l-1.8 1.8M7.3 16.7l-1.8 1.8M18.5 18.5l-1.8-1.8M7.3 7.3 5.5 5.5" />
  </Icon>
);

export const ChevronDownIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
