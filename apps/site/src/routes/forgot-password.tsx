import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../screens/auth/ForgotPasswordScreen';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordScreen,
  staticData: { page: '/forgot-password' },
});
