import { PublicFrame } from '../../layout/PublicFrame';
import { HomeScreen } from './HomeScreen';

/**
 * The home page whole, without the router: prerendered by entry-server.tsx and hydrated by home.tsx.
 * Its links are plain anchors (each page it leads to is prerendered too), so the first page most
 * people see carries React and its own components, not the router and the app.
 */
export function HomePage() {
  return (
    <PublicFrame currentPath="/" linkComponent="a">
      <HomeScreen />
    </PublicFrame>
  );
}
