import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
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
      <svg viewBox="0 0 32 32" className={quoteMark} aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M13 9.5c-4.4 1.6-7 5-7 9.7 0 3.2 1.9 5.3 4.6 5.3 2.4 0 4.2-1.8 4.2-4.1 0-2.2-1.5-3.8-3.6-4 .4-2.1 1.9-3.8 4-4.8Zm13 0c-4.4 1.6-7 5-7 9.7 0 3.2 1.9 5.3 4.6 5.3 2.4 0 4.2-1.8 4.2-4.1 0-2.2-1.5-3.8-3.6-4 .4-2.1 1.9-3.8 4-4.8Z"
        />
      </svg>
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
