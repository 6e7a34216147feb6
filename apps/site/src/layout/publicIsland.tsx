import type { ComponentType } from 'react';
import type { RoutePath } from './navigation';
import { PublicFrame } from './PublicFrame';

/** A public page as an island: its screen inside the public frame, whose links are plain anchors. */
export function publicIsland(path: RoutePath, Screen: ComponentType): ComponentType {
  return function PublicIsland() {
    return (
      <PublicFrame currentPath={path} linkComponent="a">
        <Screen />
      </PublicFrame>
    );
  };
}
