import type { vars } from './contract.css';

type Contract = typeof vars;
/** A value for every variable of the contract. */
export type ThemeTokens = { [Group in keyof Contract]: { [Name in keyof Contract[Group]]: string } };

/** What does not change between light and dark. */
const shared = {
  space: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
    huge: '64px',
  },
  radius: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  font: {
    body: "Inter, 'Inter fallback', 'DejaVu Sans', system-ui, sans-serif",
    mono: "'DejaVu Sans Mono', ui-monospace, monospace",
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    xxl: '1.5rem',
    xxxl: '2rem',
    display: '2.5rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.2', normal: '1.5', relaxed: '1.7' },
  motion: {
    fast: '120ms',
    modal: '200ms',
    slow: '300ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  size: {
    control: '44px',
    controlSm: '36px',
    controlLg: '52px',
    borderWidth: '1px',
    focusWidth: '3px',
    toastMaxWidth: '350px',
    dialogMaxWidth: '480px',
    contentMaxWidth: '1200px',
  },
} as const;

/*
 * Contrast (WCAG 2.2 AA), measured against the surfaces they sit on:
 * light: text #111827 on #ffffff 17.7:1, textMuted #4b5563 on #f6f7f9 7.2:1,
 * textOnAccent #ffffff on accent #0f766e 5.5:1, textAccent #0f766e on #f6f7f9 5.2:1,
 * borderStrong #6b7280 on #ffffff 4.8:1, textDanger #b91c1c on #ffffff 6.5:1.
 * dark: text #f3f4f6 on #111827 16.1:1, textMuted #a1a9b6 on #1f2937 5.7:1,
 * textOnAccent #04201f on accent #2dd4bf 10.4:1, textAccent #5eead4 on #0b1120 13:1,
 * borderStrong #8b95a5 on #111827 5.6:1, textDanger #fca5a5 on #111827 9.4:1.
 */
export const lightTokens: ThemeTokens = {
  ...shared,
  color: {
    background: '#f6f7f9',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceSunken: '#eef0f3',
    border: '#dde1e6',
    borderStrong: '#6b7280',
    text: '#111827',
    textMuted: '#4b5563',
    accent: '#0f766e',
    accentHover: '#115e59',
    accentSubtle: '#ccfbf1',
    textOnAccent: '#ffffff',
    textAccent: '#0f766e',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSubtle: '#fee2e2',
    textOnDanger: '#ffffff',
    textDanger: '#b91c1c',
    successSubtle: '#dcfce7',
    textSuccess: '#166534',
    warningSubtle: '#fef3c7',
    textWarning: '#92400e',
    infoSubtle: '#dbeafe',
    textInfo: '#1e40af',
    focusRing: '#2563eb',
    overlay: '#0b1120',
  },
  shadow: {
    sm: '0 1px 2px rgb(17 24 39 / 0.08)',
    md: '0 4px 12px rgb(17 24 39 / 0.10)',
    lg: '0 12px 32px rgb(17 24 39 / 0.18)',
  },
};

export const darkTokens: ThemeTokens = {
  ...shared,
  color: {
    background: '#0b1120',
    surface: '#111827',
    surfaceRaised: '#1f2937',
    surfaceSunken: '#0f172a',
    border: '#2b3544',
    borderStrong: '#8b95a5',
    text: '#f3f4f6',
    textMuted: '#a1a9b6',
    accent: '#2dd4bf',
    accentHover: '#5eead4',
    accentSubtle: '#134e4a',
    textOnAccent: '#04201f',
    textAccent: '#5eead4',
    danger: '#f87171',
    dangerHover: '#fca5a5',
    dangerSubtle: '#450a0a',
    textOnDanger: '#2a0606',
    textDanger: '#fca5a5',
    successSubtle: '#052e16',
    textSuccess: '#86efac',
    warningSubtle: '#451a03',
    textWarning: '#fcd34d',
    infoSubtle: '#172554',
    textInfo: '#93c5fd',
    focusRing: '#93c5fd',
    overlay: '#000000',
  },
  shadow: {
    sm: '0 1px 2px rgb(0 0 0 / 0.4)',
    md: '0 4px 12px rgb(0 0 0 / 0.45)',
    lg: '0 12px 32px rgb(0 0 0 / 0.55)',
  },
};
