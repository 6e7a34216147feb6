import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { approximateNetwork } from '../../http/client-address';

/** The longest User-Agent kept: real ones are a few hundred characters; the rest is noise or abuse. */
const userAgentMaxLength = 512;

/** Where a request came from, as kept with a session or an activity: its browser and its network. */
export type RequestOrigin = { userAgent: string; network: string };

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const header = request.headers['user-agent'];
  return {
    userAgent: (typeof header === 'string' ? header : '').slice(0, userAgentMaxLength),
    network: approximateNetwork(request.ip),
  };
}

/**
 * A User-Agent as its owner recognises it: the browser with its major version ("Chrome 131") and the
 * system ("Windows 10", "macOS"). Either is "Unknown …" when the header says nothing of it.
 */
export function describeUserAgent(userAgent: string): { browser: string; system: string } {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browserName = parsed?.browser.name;
  const major = parsed?.browser.version?.split('.')[0];
  const systemName = parsed?.os.name;
  const systemVersion = parsed?.os.versionName ?? '';
  return {
    browser: browserName ? [browserName, major].filter(Boolean).join(' ') : 'Unknown browser',
    system: systemName ? [systemName, systemVersion].filter(Boolean).join(' ') : 'Unknown system',
  };
}
