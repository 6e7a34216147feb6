import { createFileRoute } from '@tanstack/react-router';
import { ContactScreen } from '../screens/contact/ContactScreen';

export const Route = createFileRoute('/_public/contact-us')({
  component: ContactScreen,
  staticData: { page: '/contact-us' },
});
