import { clsx } from 'clsx';
import {
  Children,
  type ComponentPropsWithRef,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../icons/icons';
import { media } from '../../theme/breakpoints';
import {
  controlButton,
  controls,
  dot,
  dots,
  icon,
  root,
  rotationButton,
  slide as slideStyle,
  track as trackStyle,
} from './Carousel.css';

export type CarouselProps = Omit<ComponentPropsWithRef<'section'>, 'children'> & {
  /** Names the carousel for screen readers, e.g. "Testimonials". */
  label: string;
  /** The slides, one child each. */
  children: ReactNode;
  /** Moves to the next slide on its own; pauses on hover and focus, never runs under reduced motion. @default false */
  autoPlay?: boolean;
  /** Time each slide shows when `autoPlay` is on, in ms. @default 6000 */
  interval?: number;
};

function usePrefersReducedMotion(): boolean {
  // Assume reduced until known: nothing moves before the preference has been read.
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia(media.reducedMotion);
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** Offset of slide `index` from the first slide: where the track scrolls to show it first. */
function slideLeft(track: HTMLElement, index: number): number {
  const first = track.children[0] as HTMLElement | undefined;
  const target = track.children[index] as HTMLElement | undefined;
  return first && target ? target.offsetLeft - first.offsetLeft : 0;
}

/**
 * A row of slides, one per view on phones, two from 600 px and three from 1200 px, 30 px apart.
 * Previous and next buttons, a dot for each position, arrow keys, swipe. Optional autoplay
 * that stops on hover and focus and never runs for people who ask for reduced motion.
 */
export function Carousel({
  label,
  children,
  autoPlay = false,
  interval = 6000,
  className,
  onKeyDown,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onBlur,
  ...rest
}: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const trackRef = useRef<HTMLDivElement>(null);
  const [perView, setPerView] = useState(1);
  const [current, setCurrent] = useState(0);
  const currentRef = useRef(0);
  currentRef.current = current;
  // The scroll position a button or key asked for: scroll events on the way there are not news.
  const targetRef = useRef<number | null>(null);
  // Where the first visible slide can be: the last position shows the last slides, not a gap.
  const positions = Math.max(1, count - perView + 1);

  // Slides per view come from the CSS (media queries); read them back from the layout, before
  // the first paint so the dots are right from the start.
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const measure = () => {
      const first = track.children[0] as HTMLElement | undefined;
      if (!first || first.offsetWidth === 0) return;
      const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
      const step = first.offsetWidth + gap;
      const fit = Math.max(1, Math.round((track.clientWidth + gap) / step));
      setPerView(fit);
      const last = Math.max(0, count - fit);
      if (targetRef.current === null) {
        setCurrent(Math.min(last, Math.round(track.scrollLeft / step)));
      }
    };
    const onScrollEnd = () => {
      targetRef.current = null;
      measure();
    };
    const onScroll = () => {
      const target = targetRef.current;
      if (target !== null && Math.abs(track.scrollLeft - target) > 1) return;
      targetRef.current = null;
      measure();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    // A slide changes width on its own when the media queries (or a late stylesheet) apply.
    if (track.firstElementChild) observer.observe(track.firstElementChild);
    track.addEventListener('scroll', onScroll, { passive: true });
    track.addEventListener('scrollend', onScrollEnd);
    return () => {
      observer.disconnect();
      track.removeEventListener('scroll', onScroll);
      track.removeEventListener('scrollend', onScrollEnd);
    };
  }, [count]);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track) return;
      // Past either end it wraps around: next from the last position is the first.
      const wrapped = ((index % positions) + positions) % positions;
      const left = slideLeft(track, wrapped);
      setCurrent(wrapped);
      if (Math.abs(track.scrollLeft - left) <= 1) return;
      // A second press while a smooth scroll is under way jumps: a smooth scroll that interrupts
      // another can leave the scroller snapped to the slide it was leaving (Chromium).
      const moving = targetRef.current !== null;
      targetRef.current = left;
      const smooth = !moving && !window.matchMedia(media.reducedMotion).matches;
      track.scrollTo({ left, behavior: smooth ? 'smooth' : 'instant' });
    },
    [positions],
  );

  // Autoplay: on only if asked for, not stopped by the person, not hovered or focused, and
  // never under reduced motion.
  const reducedMotion = usePrefersReducedMotion();
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const canPlay = autoPlay && !reducedMotion && positions > 1;
  const running = canPlay && !stopped && !hovered && !focused;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => goTo(currentRef.current + 1), interval);
    return () => clearInterval(timer);
  }, [running, interval, goTo]);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    // Arrow keys belong to text fields inside a slide.
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: positions - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    goTo(next);
  };

  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    onFocus?.(event);
    setFocused(true);
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    onBlur?.(event);
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={clsx(root, className)}
      onKeyDown={handleKeyDown}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        setHovered(true);
      }}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        setHovered(false);
      }}
      onFocus={handleFocus}
      onBlur={handleBlur}
      {...rest}
    >
      {/* Focusable so keyboard users can scroll it with the arrow keys. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <div ref={trackRef} className={trackStyle} tabIndex={0}>
        {slides.map((child, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group, not a form fieldset
          <div
            // Children.toArray gives each child a stable key.
            key={(child as { key?: string }).key ?? index}
            className={slideStyle}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
          >
            {child}
          </div>
        ))}
      </div>
      {positions > 1 && (
        <div className={controls}>
          {canPlay && (
            <button
              type="button"
              className={clsx(controlButton, rotationButton)}
              aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
              onClick={() => setStopped((value) => !value)}
            >
              {stopped ? <PlayIcon className={icon} /> : <PauseIcon className={icon} />}
            </button>
          )}
          <button
            type="button"
            className={controlButton}
            aria-label="Previous slide"
            onClick={() => goTo(current - 1)}
          >
            <ChevronLeftIcon className={icon} />
          </button>
          <div className={dots}>
            {Array.from({ length: positions }, (_, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position
                key={index}
                type="button"
                className={dot}
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className={controlButton}
            aria-label="Next slide"
            onClick={() => goTo(current + 1)}
          >
            <ChevronRightIcon className={icon} />
          </button>
        </div>
      )}
    </section>
  );
}
