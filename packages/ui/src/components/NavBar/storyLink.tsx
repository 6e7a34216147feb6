import { fn } from 'storybook/test';
import type { NavLinkProps } from './navLink';

/** Records where a story's links would go. Clear it in the story's `beforeEach`. */
export const navigate = fn();

/**
 * A link for stories (the `linkComponent` of NavBar, Footer and DashboardShell): where the site's
 * router would navigate, it only records the path, so the story stays on screen. Not part of the
 * public API.
 */
export function StoryLink({ href, onClick, ...props }: NavLinkProps) {
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
