import { createFileRoute } from '@tanstack/react-router';
import { ReviewsScreen } from '../screens/reviews/ReviewsScreen';

export const Route = createFileRoute('/_public/reviews')({
  component: ReviewsScreen,
  staticData: { page: '/reviews' },
});
