// For stories only: what the overview's stories need beyond the API mocks.
import { HttpResponse, http } from 'msw';

/** A stable number from a text, so every picture is drawn the same on every run. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (const character of text) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}

const palette = ['#f7931a', '#627eea', '#26a17b', '#8247e5', '#e84142', '#14b8a6', '#c2a633', '#2a5ada'];

function coinPicture(id: string): string {
  const colour = palette[hashOf(id) % palette.length];
  const letter = id.charAt(0).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/><text x="32" y="43" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="700" fill="#fff">${letter}</text></svg>`;
}

function sparkline(id: string): string {
  let value = 24;
  const points: string[] = [];
  for (let index = 0; index <= 24; index++) {
    value = Math.min(44, Math.max(4, value + ((hashOf(`${id}:${index}`) % 13) - 5)));
    points.push(`${index * 10},${48 - value}`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 48" preserveAspectRatio="none"><polyline points="${points.join(' ')}" fill="none" stroke="#16a34a" stroke-width="2" stroke-linejoin="round"/></svg>`;
}

const svg = (text: string) => new HttpResponse(text, { headers: { 'Content-Type': 'image/svg+xml' } });

/**
 * The market fixtures' pictures point at a stand-in host (assets.example.com) that stories must not
 * reach: these draw a lettered disc for each coin and a line for each sparkline instead.
 */
export const marketPictureHandlers = [
  http.get('https://assets.example.com/coins/:coin/sparkline.svg', ({ params }) =>
    svg(sparkline(String(params.coin))),
  ),
  http.get('https://assets.example.com/coins/:file', ({ params }) =>
    svg(coinPicture(String(params.file).replace(/\.png$/, ''))),
  ),
];
