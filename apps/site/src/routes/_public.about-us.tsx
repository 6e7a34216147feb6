import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '../screens/about/AboutScreen';

export const Route = createFileRoute('/_public/about-us')({
  component: AboutScreen,
  staticData: { page: '/about-us' },
});
