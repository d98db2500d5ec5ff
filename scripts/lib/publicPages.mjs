// The HTML of the public routes (/add-ticket, /ticket-detail/:id, /tickets/:userId), written by
// the deploy step next to /config/remotes.json, from what that file points at. A visitor of a
// public route waits for no chain: the page names the public remote's manifest, entry, exposed
// module and page chunk itself, so the browser fetches them together with the shell's main.js,
// and (for /add-ticket) it carries the form's frame, prerendered by the remote's own build.
//
// Nothing here is compiled into a bundle: pointing remotes.json at a new version of the public
// remote and running this step again (`node scripts/build.mjs --pages-only`) is a redeploy.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Each public route, the file nginx and the gateway serve for it, and its page chunk's name. */
export const PUBLIC_PAGES = [
  {
    pattern: /^\/add-ticket\/?$/,
    file: 'add-ticket.html',
    chunk: 'page-add-ticket',
    prerender: 'add-ticket',
  },
  { pattern: /^\/ticket-detail\/[^/]+\/?$/, file: 'ticket-detail.html', chunk: 'page-ticket-detail' },
  { pattern: /^\/tickets\/[^/]+\/?$/, file: 'user-tickets.html', chunk: 'page-user-tickets' },
];

/** Where the composed pages live: www/pages/ (not reachable by their own URL). */
export const PAGES_DIR = 'pages';

export function publicPageFor(pathname) {
  return PUBLIC_PAGES.find((page) => page.pattern.test(pathname))?.file ?? null;
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function hint(href, as) {
  const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
  return `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${cors}/>`;
}

/** The public remote's files, as URLs, from its manifest (only for a manifest on this site). */
function remoteFiles(www, manifestUrl) {
  if (!manifestUrl.startsWith('/')) return null;
  const manifestFile = path.join(www, manifestUrl);
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData.remoteEntry;
  const routes = manifest.exposes.find((expose) => expose.path === './routes');
  return {
    folder: path.dirname(manifestFile),
    base,
    entry: `${base}${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`,
    exposeJs: (routes?.assets.js.sync ?? []).map((file) => base + file),
    exposeCss: (routes?.assets.css.sync ?? []).map((file) => base + file),
    asyncJs: routes?.assets.js.async ?? [],
  };
}

/**
 * The prerendered frame the public remote's build left in its dist/prerender/ (body HTML and
 * the CSS that frame needs), or null.
 */
function prerendered(folder, name) {
  const html = path.join(folder, 'prerender', `${name}.html`);
  const css = path.join(folder, 'prerender', `${name}.css`);
  if (!existsSync(html) || !existsSync(css)) return null;
  return { html: readFileSync(html, 'utf8'), css: readFileSync(css, 'utf8') };
}

export function writePublicPages(www, remotes) {
  const target = path.join(www, PAGES_DIR);
  rmSync(target, { recursive: true, force: true });
  const shellHtml = path.join(www, 'shell', 'index.html');
  const manifestUrl = remotes.publicIntake;
  const files = manifestUrl && existsSync(shellHtml) ? remoteFiles(www, manifestUrl) : null;
  if (!files) return;
  mkdirSync(target, { recursive: true });
  const template = readFileSync(shellHtml, 'utf8');
  for (const page of PUBLIC_PAGES) {
    const chunk = files.asyncJs.find((file) => file.startsWith(`${page.chunk}.`));
    const hints = [
      hint(manifestUrl, 'fetch'),
      hint(files.entry, 'script'),
      ...files.exposeJs.map((url) => hint(url, 'script')),
      ...files.exposeCss.map((url) => hint(url, 'style')),
      ...(chunk ? [hint(files.base + chunk, 'script')] : []),
    ];
    const frame = page.prerender ? prerendered(files.folder, page.prerender) : null;
    let html = template.replace('</head>', `${hints.join('')}</head>`);
    if (frame) {
      // The frame paints before any script runs; the shell mounts hidden beside it and takes
      // its place once the page is ready (shell/src/prerendered.ts). Light scheme, as the app.
      html = html
        .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
        .replace('</head>', `<style>${frame.css}#prerendered~#root{display:none}</style></head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="prerendered"><main>${frame.html}</main></div><div id="root"></div>`,
        );
    }
    writeFileSync(path.join(target, page.file), html);
  }
}
