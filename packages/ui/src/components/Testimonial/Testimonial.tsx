import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { QuoteIcon } from '../../icons/icons';
import { initialsOf } from './initials';
import {
  avatar as avatarStyle,
  caption,
  figure,
  initials as initialsStyle,
  name as nameStyle,
  place as placeStyle,
  quoteMark,
  quote as quoteStyle,
  who,
} from './Testimonial.css';

export type TestimonialProps = Omit<ComponentPropsWithRef<'figure'>, 'children'> & {
  /** The customer's words, without quotation marks. */
  quote: string;
  /** Who said it, as they agreed to be named, e.g. "Maria G.". */
  name: string;
  /** Where they are, e.g. "Austin". @default undefined */
  place?: string;
  /** A picture of them (a local URL); without one, their initials in a circle. Decorative: the name is written beside it. @default undefined */
  avatar?: string;
};

/**
 * A customer's testimony: their words in a `<blockquote>`, their name and place in the
 * `<figcaption>` of a `<figure>`, with a picture or their initials.
 */
export function Testimonial({ quote, name, place, avatar, className, ...rest }: TestimonialProps) {
  return (
    <figure className={clsx(figure, className)} {...rest}>
      <QuoteIcon className={quoteMark} />
      <blockquote className={quoteStyle}>
        <p>{quote}</p>
      </blockquote>
      <figcaption className={caption}>
        {avatar ? (
          <img src={avatar} alt="" className={avatarStyle} width={48} height={48} />
        ) : (
          <span className={initialsStyle} aria-hidden="true">
            {initialsOf(name)}
          </span>
        )}
        <span className={who}>
          <span className={nameStyle}>{name}</span>
          {place && <span className={placeStyle}>{place}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
