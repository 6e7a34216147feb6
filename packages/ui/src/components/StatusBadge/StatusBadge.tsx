import type { BadgeProps } from '../Badge/Badge';
import { Badge } from '../Badge/Badge';
import { StatusIcon, type StatusIconName } from './StatusIcon';

/** The states a deposit, withdrawal or KYC request can be shown in (`cancelled`: by the one who asked). */
export type Status = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'completed' | 'failed';

const statuses: Record<Status, { label: string; tone: BadgeProps['tone']; icon: StatusIconName }> = {
  pending: { label: 'Pending', tone: 'warning', icon: 'pending' },
  approved: { label: 'Approved', tone: 'success', icon: 'success' },
  rejected: { label: 'Rejected', tone: 'danger', icon: 'error' },
  cancelled: { label: 'Cancelled', tone: 'neutral', icon: 'cancelled' },
  completed: { label: 'Completed', tone: 'success', icon: 'success' },
  failed: { label: 'Failed', tone: 'danger', icon: 'error' },
};

export type StatusBadgeProps = Omit<BadgeProps, 'tone' | 'icon' | 'children'> & {
  /** The request's state: chooses the words, the icon and the tone. */
  status: Status;
  /** Words to show instead of the standard ones (the icon and tone still follow `status`). @default the status's name, e.g. "Pending" */
  label?: string;
};

/** The state of a request, in words and an icon, never colour alone. */
export function StatusBadge({ status, label, ...rest }: StatusBadgeProps) {
  const look = statuses[status];
  return (
    <Badge tone={look.tone} icon={<StatusIcon name={look.icon} />} {...rest}>
      {label ?? look.label}
    </Badge>
  );
}
