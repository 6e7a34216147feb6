import { createThemeContract } from '@vanilla-extract/css';

/**
 * The one theme contract. Components read only these variables: no raw colour, spacing,
 * radius, font or duration appears in a component's styles.
 */
export const vars = createThemeContract({
  color: {
    /** Page background. */
    background: null,
    /** Cards, panels, inputs. */
    surface: null,
    /** Raised surfaces: menus, dialogs, toasts. */
    surfaceRaised: null,
    /** Sunken surfaces: table stripes, code, wells. */
    surfaceSunken: null,
    /** Hairlines that separate; decorative, not a control's boundary. */
    border: null,
    /** A control's boundary: meets 3:1 against surface. */
    borderStrong: null,
    text: null,
    textMuted: null,
    /** Brand colour for primary actions and links. */
    accent: null,
    accentHover: null,
    accentSubtle: null,
    /** Text on an accent background. */
    textOnAccent: null,
    /** Accent as text on background and surface (links). */
    textAccent: null,
    danger: null,
    dangerHover: null,
    dangerSubtle: null,
    textOnDanger: null,
    textDanger: null,
    successSubtle: null,
    textSuccess: null,
    warningSubtle: null,
    textWarning: null,
    infoSubtle: null,
    textInfo: null,
    focusRing: null,
    /** The dialog overlay's colour; its opacity is motion.overlayOpacity. */
    overlay: null,
  },
  space: {
    none: null,
    xxs: null,
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
    xxxl: null,
    huge: null,
  },
  radius: {
    sm: null,
    md: null,
    lg: null,
    full: null,
  },
  font: {
    body: null,
    mono: null,
  },
  fontSize: {
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
    xxxl: null,
    display: null,
  },
  fontWeight: {
    regular: null,
    medium: null,
    semibold: null,
    bold: null,
  },
  lineHeight: {
    tight: null,
    normal: null,
    relaxed: null,
  },
  shadow: {
    sm: null,
    md: null,
    lg: null,
  },
  motion: {
    /** Hover and press feedback. */
    fast: null,
    /** The modal pop transition: 200 ms. */
    modal: null,
    /** Panels, accordions, carousels. */
    slow: null,
    easing: null,
  },
  size: {
    /** Minimum target size for a control (WCAG 2.2 target size). */
    control: null,
    controlSm: null,
    controlLg: null,
    borderWidth: null,
    focusWidth: null,
    /** Toasts are at most this wide: 350 px. */
    toastMaxWidth: null,
    dialogMaxWidth: null,
    contentMaxWidth: null,
  },
});
