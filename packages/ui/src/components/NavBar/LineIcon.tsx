import { icon } from './MenuSheet.css';

/** A line icon of the menu sheet's buttons (the hamburger, the close cross): one stroked path, 24 units square. */
export function LineIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className={icon} aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
