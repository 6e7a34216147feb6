import { createFileRoute } from '@tanstack/react-router';
import { TermsOfServicePage } from '../screens/legal/legalPages';

export const Route = createFileRoute('/_public/terms-of-service')({
  component: TermsOfServicePage,
  staticData: { page: '/terms-of-service' },
});
