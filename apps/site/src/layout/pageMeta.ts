import { siteConfig } from '../config';
import { pageMeta } from '../content/meta';
import type { PageMeta, PublicRoute } from '../content/types';

const metaByRoute = pageMeta({ productName: siteConfig.productName, supportEmail: siteConfig.supportEmail });

/** The title and description of a public or auth page (content/meta.ts). */
export function metaOf(page: PublicRoute): PageMeta {
  return metaByRoute[page];
}
