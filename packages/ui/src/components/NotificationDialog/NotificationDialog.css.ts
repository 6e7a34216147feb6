import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const content = style({
  marginTop: vars.space.md,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.relaxed,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

// The HTML comes from the back office, so its elements are styled from here.
globalStyle(`${content} > * + *`, { marginTop: vars.space.md });
globalStyle(`${content} :is(ul, ol)`, { margin: 0, paddingLeft: vars.space.xl });
globalStyle(`${content} li + li`, { marginTop: vars.space.xs });
globalStyle(`${content} :is(h3, h4)`, {
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});
globalStyle(`${content} blockquote`, {
  margin: 0,
  paddingLeft: vars.space.md,
  borderLeft: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
});
globalStyle(`${content} a`, {
  color: vars.color.textAccent,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
});
// A link the sanitiser took the address from (`javascript:`…) is no longer a link: do not dress it as one.
globalStyle(`${content} a:not([href])`, { color: 'inherit', textDecoration: 'none' });
globalStyle(`${content} a:focus-visible`, {
  outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
  borderRadius: vars.radius.sm,
});
