import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import {
  actionsCentered,
  actions as actionsStyle,
  brief as briefStyle,
  eyebrow as eyebrowStyle,
  illustration as illustrationStyle,
  type PageHeaderVariants,
  root,
  text,
  title as titleStyle,
} from './PageHeader.css';

export type PageHeaderProps = Omit<ComponentPropsWithRef<'div'>, 'title' | 'children'> & {
  /** The page's title: the page's one `<h1>`. */
  title: ReactNode;
  /** A short line above the title naming the section, e.g. "About Us". @default undefined */
  eyebrow?: ReactNode;
  /** One or two sentences under the title. @default undefined */
  brief?: ReactNode;
  /** Calls to action, e.g. a "Start Trading" `Button asChild` around a link. @default undefined */
  actions?: ReactNode;
  /** A picture beside the text (below it on narrow screens); decorative pictures carry `alt=""` or `aria-hidden`. @default undefined */
  illustration?: ReactNode;
  /** `center` for a header without an illustration that stands alone. @default 'start' */
  align?: PageHeaderVariants['align'];
};

/** The top of a page: its `<h1>`, a brief, optional actions and an optional illustration. */
export function PageHeader({
  title,
  eyebrow,
  brief,
  actions,
  illustration,
  align,
  className,
  ...rest
}: PageHeaderProps) {
  const withIllustration = illustration !== undefined && illustration !== null;
  return (
    <div className={clsx(root({ withIllustration, align }), className)} {...rest}>
      <div className={text}>
        {eyebrow && <p className={eyebrowStyle}>{eyebrow}</p>}
        <h1 className={titleStyle}>{title}</h1>
        {brief && <p className={briefStyle}>{brief}</p>}
        {actions && (
          <div className={clsx(actionsStyle, align === 'center' && actionsCentered)}>{actions}</div>
        )}
      </div>
      {withIllustration && <div className={illustrationStyle}>{illustration}</div>}
    </div>
  );
}
