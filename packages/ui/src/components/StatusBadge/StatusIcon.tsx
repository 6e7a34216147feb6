import type { ComponentPropsWithRef, ComponentType } from 'react';
import {
  CancelledIcon,
  ErrorIcon,
  type IconProps,
  InfoIcon,
  PendingIcon,
  SuccessIcon,
  WarningIcon,
} from '../../icons/icons';

/** The glyphs that say how something went. Drawn with `currentColor`, sized by the font (1em). */
export type StatusIconName = 'success' | 'error' | 'pending' | 'warning' | 'info' | 'cancelled';

const glyphs: Record<StatusIconName, ComponentType<IconProps>> = {
  success: SuccessIcon,
  error: ErrorIcon,
  pending: PendingIcon,
  warning: WarningIcon,
  info: InfoIcon,
  cancelled: CancelledIcon,
};

export type StatusIconProps = Omit<ComponentPropsWithRef<'svg'>, 'children'> & {
  /** Which status the glyph shows. */
  name: StatusIconName;
};

/** A decorative status glyph: always next to words that say the same thing, so hidden from screen readers. */
export function StatusIcon({ name, ...rest }: StatusIconProps) {
  const Glyph = glyphs[name];
  return <Glyph {...rest} />;
}
