import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { AuditLogScreen } from '../screens/admin/audit/AuditLogScreen';

export const Route = createFileRoute('/_admin/admin/audit-log')({
  component: AuditLogScreen,
  staticData: { title: dashboardTitle('Audit log · Back office') },
});
