import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { UserScreen } from '../screens/admin/users/UserScreen';

function UserPage() {
  const { userId } = Route.useParams();
  // A new user is a new page: nothing of the last one's state carries over.
  return <UserScreen key={userId} userId={userId} />;
}

export const Route = createFileRoute('/_admin/admin/users/$userId')({
  component: UserPage,
  staticData: { title: dashboardTitle('User · Back office') },
});
