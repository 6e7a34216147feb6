import { createFileRoute } from '@tanstack/react-router';
import { RegulationsPage } from '../screens/legal/legalPages';

export const Route = createFileRoute('/_public/regulations')({
  component: RegulationsPage,
  staticData: { page: '/regulations' },
});
