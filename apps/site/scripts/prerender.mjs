// Writes each public and auth page as static HTML into the built site: the page's markup inside
// #root, its title and description in <head>, and the router state the browser hydrates. The built
// index.html is kept, untouched, as shell.html: the page every other path (the dashboard) starts from.
// routes.json lists every path the app has a page for; the server answers any other path 404.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The pages that need nothing from the server to render. Those that render from their query
 * (/sign-up?ref=, /change-password, /verify-email, /confirm-email-change, /revert-email-change,
 * /cancel-address-lock-off, /admin-invitation)
 * are prerendered as their island module's `Prerendered` shows them, and
 * hydrated or rendered afresh once the query is read (src/island.tsx).
 */
export const prerenderedRoutes = [
  '/',
  '/about-us',
  '/contact-us',
  '/reviews',
  '/regulations',
  '/privacy-policy',
  '/terms-of-service',
  '/sign-in',
  '/forgot-password',
  '/check-email',
  '/sign-up',
  '/change-password',
  '/verify-email',
  '/confirm-email-change',
  '/revert-email-change',
  '/cancel-address-lock-off',
  '/admin-invitation',
];

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const unescapeAttribute = (text) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * Moves the style attributes of a page's markup into rules of a stylesheet, `rules` (id → declarations):
 * the server's Content-Security-Policy refuses style attributes in HTML (`style-src-attr 'none'`), and
 * some components write them where they cannot be asked not to (Radix Select's value, and the hidden
 * native <select> that takes part in the form). Each such element names its rule in
 * `data-prerendered-style` instead; hydration leaves that attribute alone, and later styles are set
 * through the CSSOM, which the policy allows. Inline scripts (the router's state) are left untouched.
 */
function moveStyleAttributes(html, rules) {
  return html
    .split(/(<script\b[\s\S]*?<\/script>)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/(<[a-zA-Z][^<>]*?)\sstyle="([^"]*)"/g, (_, tag, declarations) => {
            const css = unescapeAttribute(declarations);
            const id = createHash('sha256').update(css).digest('hex').slice(0, 10);
            rules.set(id, css);
            return `${tag} data-prerendered-style="${id}"`;
          }),
    )
    .join('');
}

/** The island page module of a path (src/islands/), e.g. `/about-us` → `src/islands/about-us.tsx`. */
const islandModule = (route) => `src/islands/${route === '/' ? 'index' : route.slice(1)}.tsx`;

/** The route files whose split chunks a page needs, e.g. `/about-us` → `_public.tsx`, `_public.about-us.tsx`. */
function routeFilesOf(route, manifest) {
  const keys = Object.keys(manifest);
  const has = (file) => keys.some((key) => key.startsWith(`src/routes/${file}?`));
  const publicFile = route === '/' ? '_public.index.tsx' : `_public.${route.slice(1)}.tsx`;
  if (has(publicFile)) return ['_public.tsx', publicFile];
  return [`${route.slice(1)}.tsx`];
}

/**
 * The CSS and JavaScript a page needs, from Vite's manifest: the app the entry loads once the page is
 * painted, and the page's route chunks. Linked in the page's head so the prerendered HTML is styled at
 * first paint and the chunks load in parallel with the entry.
 */
function pageAssets(route, manifest, island) {
  const css = new Set();
  const js = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    if (!chunk.isEntry) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (island) {
    visit('src/island.tsx');
    visit(islandModule(route));
  } else {
    visit('src/app.tsx');
    for (const file of routeFilesOf(route, manifest)) {
      for (const key of Object.keys(manifest)) if (key.startsWith(`src/routes/${file}?`)) visit(key);
    }
  }
  return { css: [...css], js: [...js] };
}

/** The file a route's page is written to, e.g. `/about-us` → `about-us/index.html`. */
export function pageFile(distDir, route) {
  return route === '/' ? path.join(distDir, 'index.html') : path.join(distDir, route.slice(1), 'index.html');
}

/**
 * The page's stylesheets, and the modules that hydrate it inside an inert <template id="page-modules">:
 * src/main.tsx adds them to the document once the page is painted, so they are fetched together but
 * take no bandwidth from the stylesheet and the pictures before the first paint.
 */
function headLinks(route, manifest, shell, island) {
  const { css, js } = pageAssets(route, manifest, island);
  const missing = (file) => !shell.includes(`/${file}"`);
  const modules = js
    .filter(missing)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return [
    ...css.filter(missing).map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`),
    `    <template id="page-modules">${modules}</template>\n`,
  ].join('');
}

/** The site's one stylesheet, from the manifest: the CSS of the `styles` group (vite.config.ts). */
function siteStylesheet(manifest) {
  const files = Object.values(manifest)
    .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
    .filter((file) => /^assets\/styles-[\w-]+\.css$/.test(file));
  const unique = [...new Set(files)];
  if (unique.length !== 1)
    throw new Error(`Expected one site stylesheet, found: ${unique.join(', ') || 'none'}`);
  return unique[0];
}

export async function prerender({ distDir, entry }) {
  const { renderRoute, renderIsland, islandPaths, metaOfRoute, themeClass, appPaths } = await import(
    pathToFileURL(entry).href
  );
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  // The theme's variables apply from the first paint, before any script has run; the site's one
  // stylesheet (every style but the back office's, vite.config.ts) is linked by every page.
  const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace('<html lang="en">', `<html lang="en" class="${themeClass}">`)
    .replace(
      '</head>',
      `  <link rel="stylesheet" crossorigin href="/${siteStylesheet(manifest)}">\n  </head>`,
    );
  if (!shell.includes(themeClass)) throw new Error('Could not put the theme class on <html>');
  // The shell starts only signed-in pages (the dashboard, the back office) and the not-found page:
  // none is for search engines. The prerendered public pages are made from it without this tag.
  const noindex = '<meta name="robots" content="noindex, nofollow" />';
  const appShell = shell.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    ${noindex}`);
  if (!appShell.includes(noindex)) throw new Error('Could not mark the app shell noindex');
  writeFileSync(path.join(distDir, 'shell.html'), appShell);
  const scriptHashes = new Set();
  const islands = new Set(islandPaths());
  const styleRules = new Map();
  const pages = [];

  for (const route of prerenderedRoutes) {
    const island = islands.has(route);
    const rendered = island ? { status: 200, html: await renderIsland(route) } : await renderRoute(route);
    if (rendered.status !== 200) throw new Error(`Prerendering ${route} answered ${rendered.status}`);
    const html = moveStyleAttributes(rendered.html, styleRules);
    const meta = metaOfRoute(route);
    let page = shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      )
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`)
      .replace('</head>', `${headLinks(route, manifest, shell, island)}</head>`);
    if (island) {
      const entry = manifest['index.html']?.file;
      const own = manifest['src/island-main.tsx']?.file;
      if (!entry || !own || !page.includes(`src="/${entry}"`))
        throw new Error(`No entry script to replace for ${route}`);
      page = page.replace(`src="/${entry}"`, `src="/${own}"`);
    }
    if (!page.includes(meta.title) || page === shell)
      throw new Error(`Could not write ${route} into the shell`);
    for (const [, script] of page.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      scriptHashes.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    pages.push({ file: pageFile(distDir, route), page, styled: html.includes(' data-prerendered-style="') });
  }
  // One stylesheet holds the rules of every page's style attributes, named by its content like Vite's
  // assets; it comes last in <head>, so it wins over the components' rules as the attributes did.
  let styleLink = '';
  if (styleRules.size > 0) {
    const css = [...styleRules]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, declarations]) => `[data-prerendered-style="${id}"]{${declarations}}\n`)
      .join('');
    const name = `assets/prerendered-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    writeFileSync(path.join(distDir, name), css);
    styleLink = `    <link rel="stylesheet" crossorigin href="/${name}">\n`;
  }
  for (const { file, page, styled } of pages) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, styled ? page.replace('</head>', `${styleLink}</head>`) : page);
  }
  // The server answers these paths with their page or the shell, and any other path 404.
  writeFileSync(
    path.join(distDir, 'routes.json'),
    `${JSON.stringify({ paths: appPaths().sort() }, null, 2)}\n`,
  );
  // The server allows exactly these inline scripts in its Content-Security-Policy.
  writeFileSync(
    path.join(distDir, 'csp.json'),
    `${JSON.stringify({ scriptHashes: [...scriptHashes].sort() }, null, 2)}\n`,
  );
}
