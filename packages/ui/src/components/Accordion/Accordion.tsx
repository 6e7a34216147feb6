import { Accordion as RadixAccordion } from 'radix-ui';
import { Children, type ComponentPropsWithRef, isValidElement, type ReactNode, type Ref } from 'react';
import {
  chevron,
  contentInner,
  content as contentStyle,
  header,
  item as itemStyle,
  root,
  trigger as triggerStyle,
} from './Accordion.css';

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

/** The value of the first `Accordion.Item` among the children, if any. */
function firstItemValue(children: ReactNode): string | undefined {
  for (const child of Children.toArray(children)) {
    if (isValidElement<{ value?: unknown }>(child) && typeof child.props.value === 'string') {
      return child.props.value;
    }
  }
  return undefined;
}

export type AccordionRootProps = Omit<
  RadixAccordion.AccordionSingleProps,
  'type' | 'collapsible' | 'defaultValue'
> & {
  /** A ref to the root element. */
  ref?: Ref<HTMLDivElement>;
  /** The item open at first, when `value` is not controlled. @default the first item's value */
  defaultValue?: string;
};

/**
 * The list of items. One item is open at a time: opening one closes the other, and the open one
 * can be closed again. The first item starts open unless `defaultValue` (or `value`) says otherwise.
 */
function Root({ className, children, defaultValue, value, ...rest }: AccordionRootProps) {
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? firstItemValue(children)) : undefined}
      className={join(root, className)}
      {...rest}
    >
      {children}
    </RadixAccordion.Root>
  );
}

export type AccordionItemProps = ComponentPropsWithRef<typeof RadixAccordion.Item>;

/** One question and its answer; `value` identifies it. */
function Item({ className, ...rest }: AccordionItemProps) {
  return <RadixAccordion.Item className={join(itemStyle, className)} {...rest} />;
}

export type AccordionTriggerProps = ComponentPropsWithRef<typeof RadixAccordion.Trigger> & {
  /** The heading level that wraps the button, to fit the page's outline. @default 3 */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
};

/** The question: a button inside a heading, with a chevron that turns when the item is open. */
function Trigger({ className, children, headingLevel = 3, ...rest }: AccordionTriggerProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Header asChild className={header}>
      <Heading>
        <RadixAccordion.Trigger className={join(triggerStyle, className)} {...rest}>
          {children}
          <svg
            className={chevron}
            viewBox="0 0 24 24"
            width="1em"
            height="1em"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </RadixAccordion.Trigger>
      </Heading>
    </RadixAccordion.Header>
  );
}

export type AccordionContentProps = ComponentPropsWithRef<typeof RadixAccordion.Content>;

/** The answer, shown while its item is open. */
function Content({ className, children, ...rest }: AccordionContentProps) {
  return (
    <RadixAccordion.Content className={join(contentStyle, className)} {...rest}>
      <div className={contentInner}>{children}</div>
    </RadixAccordion.Content>
  );
}

/** Questions and answers (Radix Accordion), one open at a time: the home page's FAQ. */
export const Accordion = { Root, Item, Trigger, Content };
