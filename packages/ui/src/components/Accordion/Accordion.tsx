import { clsx } from 'clsx';
import {
  Children,
  type ComponentPropsWithRef,
  type Context,
  createContext,
  isValidElement,
  type KeyboardEvent,
  type ReactNode,
  use,
  useId,
  useState,
} from 'react';
import { ChevronDownIcon } from '../../icons/icons';
import {
  chevron,
  contentInner,
  content as contentStyle,
  header,
  item as itemStyle,
  root,
  trigger as triggerStyle,
} from './Accordion.css';

// The WAI-ARIA accordion pattern written out (a heading holding a button with aria-expanded, the
// answer a region named by it), rather than Radix Accordion: the home page's FAQ is its only user,
// and the page's first load should not carry Radix's collection and presence machinery.
// <details name> would need no script at all, but a summary is not a button with aria-expanded to
// assistive technology as consistently as this pattern is.

/** The value of the first `Accordion.Item` among the children, if any. */
function firstItemValue(children: ReactNode): string | undefined {
  for (const child of Children.toArray(children)) {
    if (isValidElement<{ value?: unknown }>(child) && typeof child.props.value === 'string') {
      return child.props.value;
    }
  }
  return undefined;
}

const RootContext = createContext<{ openValue: string; toggle: (value: string) => void } | null>(null);
const ItemContext = createContext<{
  open: boolean;
  value: string;
  triggerId: string;
  contentId: string;
} | null>(null);

function useRequired<T>(context: Context<T | null>, part: string, parent: string): T {
  const value = use(context);
  if (value === null) throw new Error(`Accordion.${part} must be inside an Accordion.${parent}`);
  return value;
}

/** Marks the questions' buttons, for the arrow keys to move between them. */
const triggerAttribute = 'data-accordion-trigger';

/** Arrow keys move between the questions (wrapping round), Home and End go to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const list = event.currentTarget.closest(`.${root}`);
  if (!list) return;
  const triggers = [...list.querySelectorAll<HTMLButtonElement>(`[${triggerAttribute}]`)].filter(
    (button) => !button.disabled,
  );
  const index = triggers.indexOf(event.currentTarget);
  const last = triggers.length - 1;
  const next = {
    ArrowDown: index === last ? 0 : index + 1,
    ArrowUp: index <= 0 ? last : index - 1,
    Home: 0,
    End: last,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  triggers[next]?.focus();
}

export type AccordionRootProps = Omit<ComponentPropsWithRef<'div'>, 'defaultValue'> & {
  /** The open item's value, when controlled; `''` when none is open. @default undefined */
  value?: string;
  /** The item open at first, when `value` is not controlled. @default the first item's value */
  defaultValue?: string;
  /** Called with the value of the item opened, or `''` when the open one closes. @default undefined */
  onValueChange?: (value: string) => void;
};

/**
 * The list of items. One item is open at a time: opening one closes the other, and the open one
 * can be closed again. The first item starts open unless `defaultValue` (or `value`) says otherwise.
 */
function Root({ className, children, defaultValue, value, onValueChange, ...rest }: AccordionRootProps) {
  const [uncontrolled, setUncontrolled] = useState(() => defaultValue ?? firstItemValue(children) ?? '');
  const openValue = value ?? uncontrolled;
  const toggle = (itemValue: string) => {
    const next = itemValue === openValue ? '' : itemValue;
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <RootContext value={{ openValue, toggle }}>
      <div className={clsx(root, className)} {...rest}>
        {children}
      </div>
    </RootContext>
  );
}

export type AccordionItemProps = ComponentPropsWithRef<'div'> & {
  /** Identifies the item among its siblings. */
  value: string;
};

/** One question and its answer; `value` identifies it. */
function Item({ className, value, ...rest }: AccordionItemProps) {
  const { openValue } = useRequired(RootContext, 'Item', 'Root');
  const id = useId();
  const open = openValue === value;
  return (
    <ItemContext value={{ open, value, triggerId: `${id}-trigger`, contentId: `${id}-content` }}>
      <div className={clsx(itemStyle, className)} data-state={open ? 'open' : 'closed'} {...rest} />
    </ItemContext>
  );
}

export type AccordionTriggerProps = ComponentPropsWithRef<'button'> & {
  /** The heading level that wraps the button, to fit the page's outline. @default 3 */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
};

/** The question: a button inside a heading, with a chevron that turns when the item is open. */
function Trigger({
  className,
  children,
  headingLevel = 3,
  onClick,
  onKeyDown,
  ...rest
}: AccordionTriggerProps) {
  const { toggle } = useRequired(RootContext, 'Trigger', 'Root');
  const { open, value, triggerId, contentId } = useRequired(ItemContext, 'Trigger', 'Item');
  const Heading = `h${headingLevel}` as const;
  return (
    <Heading className={header}>
      <button
        type="button"
        id={triggerId}
        aria-expanded={open}
        aria-controls={contentId}
        data-state={open ? 'open' : 'closed'}
        {...{ [triggerAttribute]: '' }}
        className={clsx(triggerStyle, className)}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) toggle(value);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) moveFocus(event);
        }}
        {...rest}
      >
        {children}
        <ChevronDownIcon className={chevron} />
      </button>
    </Heading>
  );
}

export type AccordionContentProps = ComponentPropsWithRef<'section'>;

/** The answer, shown while its item is open (a region named by its question). */
function Content({ className, children, ...rest }: AccordionContentProps) {
  const { open, triggerId, contentId } = useRequired(ItemContext, 'Content', 'Item');
  if (!open) return null;
  return (
    // A named section is a region: the answer, labelled by its question.
    <section
      id={contentId}
      aria-labelledby={triggerId}
      data-state="open"
      className={clsx(contentStyle, className)}
      {...rest}
    >
      <div className={contentInner}>{children}</div>
    </section>
  );
}

/** Questions and answers, one open at a time: the home page's FAQ. */
export const Accordion = { Root, Item, Trigger, Content };
