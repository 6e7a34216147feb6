import { clsx } from 'clsx';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentPropsWithRef } from 'react';
import { content, list, trigger } from './Tabs.css';

export type TabsRootProps = ComponentPropsWithRef<typeof RadixTabs.Root>;
export type TabsListProps = ComponentPropsWithRef<typeof RadixTabs.List>;
export type TabsTriggerProps = ComponentPropsWithRef<typeof RadixTabs.Trigger>;
export type TabsContentProps = ComponentPropsWithRef<typeof RadixTabs.Content>;

/** The row of tabs; give it an `aria-label` that names the set. Arrow keys move between tabs. */
function List({ className, ...rest }: TabsListProps) {
  return <RadixTabs.List className={clsx(list, className)} {...rest} />;
}

/** One tab; its `value` matches a `Tabs.Content`. */
function Trigger({ className, ...rest }: TabsTriggerProps) {
  return <RadixTabs.Trigger className={clsx(trigger, className)} {...rest} />;
}

/** The panel shown while its tab is selected. */
function Content({ className, ...rest }: TabsContentProps) {
  return <RadixTabs.Content className={clsx(content, className)} {...rest} />;
}

/**
 * Tabs (Radix): views of one subject where only one is shown at a time, such as the profile's
 * personal, security and notification settings. `Tabs.Root` holds the selected `value`.
 */
export const Tabs = {
  /** Holds the selected tab: controlled (`value`, `onValueChange`) or not (`defaultValue`). */
  Root: RadixTabs.Root,
  List,
  Trigger,
  Content,
};
