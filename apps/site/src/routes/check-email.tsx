import { createFileRoute } from '@tanstack/react-router';
import { CheckEmailScreen } from '../screens/auth/CheckEmailScreen';

export const Route = createFileRoute('/check-email')({
  component: CheckEmailScreen,
  staticData: { page: '/check-email' },
});
