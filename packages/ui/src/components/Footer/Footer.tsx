import { clsx } from 'clsx';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { CoinIcon } from '../CoinIcon/CoinIcon';
import type { PaymentMark } from '../CoinIcon/coins';
import { Logo } from '../Logo/Logo';
import { currentPage, type LinkComponent, type NavItem } from '../NavBar/navLink';
import {
  bottom,
  column,
  columns,
  footer,
  inner,
  label,
  link,
  links,
  mailLink,
  payment,
  payments,
  support,
  tagline as taglineStyle,
} from './Footer.css';

export type FooterProps<Href extends string = string> = Omit<ComponentPropsWithRef<'footer'>, 'children'> & {
  /** The links, in order. */
  items: readonly NavItem<Href>[];
  /** Where the logo links to (the home page). */
  homeHref: Href;
  /** The payment methods pictured, in order. */
  paymentMethods: readonly PaymentMark[];
  /** The support mailbox, written and linked with `mailto:`. */
  supportEmail: string;
  /** The product's name, beside the logo and in the copyright line. @default 'Ledgerline' */
  productName?: string;
  /** A sentence under the logo about the product. @default undefined */
  tagline?: ReactNode;
  /** The year of the copyright line, a fixed year rather than the current one. @default 2020 */
  copyrightYear?: number;
  /** The path of the page shown; its link gets `aria-current="page"`. @default undefined */
  currentPath?: string;
  /** Renders every internal link: `'a'`, or a wrapper around the router's `Link` (see `LinkComponent`). @default 'a' */
  linkComponent?: LinkComponent<Href>;
};

/**
 * The public site's footer (contentinfo landmark): logo, links, the support mailbox, the payment
 * methods accepted and the copyright line.
 */
export function Footer<Href extends string>({
  items,
  homeHref,
  paymentMethods,
  supportEmail,
  productName = 'Ledgerline',
  tagline,
  copyrightYear = 2020,
  currentPath,
  linkComponent: Link = 'a',
  className,
  ...rest
}: FooterProps<Href>) {
  const linksLabelId = useId();
  const paymentsLabelId = useId();
  return (
    <footer className={clsx(footer, className)} {...rest}>
      <div className={inner}>
        <div className={columns}>
          <div className={column}>
            <Logo asChild productName={productName}>
              <Link href={homeHref} />
            </Logo>
            {tagline && <p className={taglineStyle}>{tagline}</p>}
            <p className={support}>
              Customer support:{' '}
              <a href={`mailto:${supportEmail}`} className={mailLink}>
                {supportEmail}
              </a>
            </p>
          </div>
          <nav aria-labelledby={linksLabelId} className={column}>
            <p id={linksLabelId} className={label}>
              Company
            </p>
            <ul className={links}>
              {items.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className={link} aria-current={currentPage(item.href, currentPath)}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className={column}>
            <p id={paymentsLabelId} className={label}>
              Payment methods
            </p>
            <ul className={payments} aria-labelledby={paymentsLabelId}>
              {paymentMethods.map((method) => (
                <li key={method} className={payment}>
                  <CoinIcon coin={method} size="lg" />
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className={bottom}>
          <p>
            © {copyrightYear} {productName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
