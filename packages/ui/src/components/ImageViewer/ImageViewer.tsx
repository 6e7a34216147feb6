import { clsx } from 'clsx';
import {
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { Spinner } from '../Spinner/Spinner';
import { StatusIcon } from '../StatusBadge/StatusIcon';
import {
  errorGlyph,
  errorText,
  frameHeight,
  glyph,
  image as imageStyle,
  level,
  placeholder,
  root,
  toolButton,
  toolbar,
  viewport as viewportStyle,
} from './ImageViewer.css';

/** The zoom levels, as multiples of the fitted size: 1 fits the image in the frame. */
export const imageZoomSteps = [1, 1.5, 2, 3, 4] as const;

export type ImageViewerProps = Omit<ComponentPropsWithRef<'div'>, 'children'> & {
  /** The image's address (a `blob:` URL, say); none while it is being fetched. @default undefined */
  src?: string | null;
  /** What the image shows, for people who cannot see it, e.g. "Receipt of deposit DEP-7K2M9Q4X". */
  alt: string;
  /** Shows a spinner in the frame instead of the image (also shown while there is no `src`). @default false */
  loading?: boolean;
  /** A message shown in the frame instead of the image, e.g. that it could not be loaded. @default undefined */
  error?: ReactNode;
  /** What is loading, for screen readers. @default 'Loading the image' */
  loadingLabel?: string;
  /** Said in the frame when the browser cannot draw the image. @default 'The image could not be shown.' */
  brokenMessage?: ReactNode;
};

type Size = { width: number; height: number };
/** Where the middle of the frame was, as fractions of the scrolled content: kept there across a zoom. */
type Anchor = { x: number; y: number };

/** A minus or a plus on a 16-unit grid, in the current colour. */
function ZoomGlyph({ plus }: { plus: boolean }) {
  return (
    <svg className={glyph} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={plus ? 'M3 8h10M8 3v10' : 'M3 8h10'}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * An image to read closely, such as a receipt or a passport: it fits the frame at 100%, zooms in
 * steps to 400% with the buttons or, while the viewer has focus, the keys `+`, `-` and `0` (fit), and
 * pans by scrolling the frame (wheel, touch, or the arrow keys once the frame has focus). The zoom
 * level is announced politely. While the image loads a spinner holds its place; `error` replaces it.
 */
export function ImageViewer({
  src,
  alt,
  loading = false,
  error,
  loadingLabel = 'Loading the image',
  brokenMessage = 'The image could not be shown.',
  className,
  onKeyDown,
  ...rest
}: ImageViewerProps) {
  const hintId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<Anchor | null>(null);
  const [step, setStep] = useState(0);
  const [natural, setNatural] = useState<Size | null>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  // A new image starts fitted.
  const [shownSrc, setShownSrc] = useState(src);
  if (src !== shownSrc) {
    setShownSrc(src);
    setStep(0);
    setNatural(null);
  }

  const zoom = imageZoomSteps[step] ?? 1;
  const percent = `${Math.round(zoom * 100)}%`;
  const atMin = step === 0;
  const atMax = step === imageZoomSteps.length - 1;

  // After a zoom, the point that was in the middle of the frame is brought back there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `step` is the trigger.
  useLayoutEffect(() => {
    const frame = viewportRef.current;
    const anchor = anchorRef.current;
    anchorRef.current = null;
    if (!frame || !anchor) return;
    frame.scrollLeft = anchor.x * frame.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = anchor.y * frame.scrollHeight - frame.clientHeight / 2;
  }, [step]);

  const zoomTo = (next: number) => {
    const bounded = Math.min(Math.max(next, 0), imageZoomSteps.length - 1);
    if (bounded === step) return;
    const frame = viewportRef.current;
    if (frame) {
      anchorRef.current = {
        x: (frame.scrollLeft + frame.clientWidth / 2) / frame.scrollWidth,
        y: (frame.scrollTop + frame.clientHeight / 2) / frame.scrollHeight,
      };
    }
    setStep(bounded);
  };

  const measure = (img: HTMLImageElement) => {
    const { naturalWidth: width, naturalHeight: height } = img;
    if (width === 0 || height === 0) return;
    setNatural((known) => (known?.width === width && known.height === height ? known : { width, height }));
  };

  const broken = src != null && brokenSrc === src;
  const state = error ? 'error' : broken ? 'broken' : loading || !src ? 'loading' : 'image';

  if (state === 'loading') {
    return (
      <div className={clsx(root, className)} {...rest}>
        <div className={placeholder}>
          <Spinner label={loadingLabel} />
        </div>
      </div>
    );
  }
  if (state === 'error' || state === 'broken') {
    return (
      <div className={clsx(root, className)} {...rest}>
        <div className={placeholder}>
          <StatusIcon name="error" className={errorGlyph} />
          <p className={errorText}>{state === 'error' ? error : brokenMessage}</p>
        </div>
      </div>
    );
  }

  // The fitted width: the frame's width, or the width at which the image is as tall as the frame,
  // or its own width, whichever is least (a small image is never blown up to fit).
  const width = natural
    ? `calc(${zoom} * min(100%, ${frameHeight} * ${natural.width / natural.height}, ${natural.width}px))`
    : undefined;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    // "=" is "+" without Shift on a US keyboard.
    if (event.key === '+' || event.key === '=') zoomTo(step + 1);
    else if (event.key === '-') zoomTo(step - 1);
    else if (event.key === '0') zoomTo(0);
    else return;
    event.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are shortcuts of the buttons inside, heard from the frame and the buttons alike.
    <div className={clsx(root, className)} onKeyDown={handleKeyDown} {...rest}>
      {/* biome-ignore lint/a11y/useSemanticElements: a set of buttons, not form fields under a legend */}
      <div className={toolbar} role="group" aria-label="Zoom">
        <button
          type="button"
          className={toolButton}
          aria-label="Zoom out"
          title="Zoom out (-)"
          aria-disabled={atMin || undefined}
          onClick={() => zoomTo(step - 1)}
        >
          <ZoomGlyph plus={false} />
        </button>
        <span className={level} aria-live="polite" aria-atomic="true">
          <span className={visuallyHidden}>Zoom </span>
          {percent}
        </span>
        <button
          type="button"
          className={toolButton}
          aria-label="Zoom in"
          title="Zoom in (+)"
          aria-disabled={atMax || undefined}
          onClick={() => zoomTo(step + 1)}
        >
          <ZoomGlyph plus />
        </button>
        <button
          type="button"
          className={toolButton}
          title="Fit the image in the frame (0)"
          aria-disabled={atMin || undefined}
          onClick={() => zoomTo(0)}
        >
          Fit
        </button>
      </div>
      {/* Focusable, so keyboard users can pan it with the arrow keys and zoom it with the keys. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a named scrolling frame, not form fields under a legend */}
      <div
        ref={viewportRef}
        className={viewportStyle}
        role="group"
        aria-label={`${alt} (zoomable)`}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        <img
          ref={(img) => {
            // An image already decoded (from the cache) may have loaded before React listened.
            if (img?.complete) measure(img);
          }}
          className={imageStyle}
          src={src ?? undefined}
          alt={alt}
          style={width ? { width, maxWidth: 'none', maxHeight: 'none' } : undefined}
          onLoad={(event: SyntheticEvent<HTMLImageElement>) => measure(event.currentTarget)}
          onError={() => setBrokenSrc(src ?? null)}
        />
      </div>
      <span id={hintId} className={visuallyHidden}>
        Scroll to move around the image. Press plus or minus to zoom, and 0 to fit it in the frame.
      </span>
    </div>
  );
}
