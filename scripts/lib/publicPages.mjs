// The HTML of the public routes (/add-ticket, /ticket-detail/:id, /tickets/:userId), written by
// the deploy step next to /config/remotes.json, from what that file points at (ADR 0010):
// - when the public remote ships its public bundle (dist/public/), the page loads that bundle
//   (no shell, no federation: only what the public pages use), and /add-ticket carries the
//   form's first frame, prerendered by the remote's own build, which paints before any script;
// - else the page is the shell's, with the public remote's federation chain (manifest, entry,
//   exposed module, page chunk) preloaded so the browser fetches it together with main.js.
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
    form: true,
  },
  // Their loading frames (issue 21): the title and loading state paint before any script.
  {
    pattern: /^\/ticket-detail\/[^/]+\/?$/,
    file: 'ticket-detail.html',
    chunk: 'page-ticket-detail',
    prerender: 'ticket-detail',
  },
  {
    pattern: /^\/tickets\/[^/]+\/?$/,
    file: 'user-tickets.html',
    chunk: 'page-user-tickets',
    prerender: 'user-tickets',
  },
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

/** The early form script's file name in dist/public/ (ADR 0036), or null. */
function earlyFormScript(folder) {
  const named = path.join(folder, 'prerender', 'early-form.json');
  return existsSync(named) ? JSON.parse(readFileSync(named, 'utf8')).file : null;
}

/**
 * The frame's form with the early form script just before its submit button: a classic script,
 * so the button (and what follows) is parsed only once the script runs, while everything above
 * it paints and takes typing meanwhile. Blocked or failed, the form simply posts (ADR 0035).
 */
function withEarlyScript(html, src) {
  const button = /<button(?=[^>]* type="submit")/;
  if (!src || !button.test(html)) return html;
  return html.replace(button, () => `<script src="${escapeAttribute(src)}"></script><button`);
}

/** The public bundle the remote's build left in dist/public/ (ADR 0010), or null. */
function publicBundle(folder) {
  const entry = path.join(folder, 'public', 'entry.json');
  if (!existsSync(entry)) return null;
  return JSON.parse(readFileSync(entry, 'utf8'));
}

/** The page on the public remote's own bundle: prerendered frame, then its script and styles. */
function publicBundlePage(template, files, bundle, page) {
  const base = `${files.base}public/`;
  const frame = page.prerender ? prerendered(files.folder, page.prerender) : null;
  const early = earlyFormScript(files.folder);
  if (frame && page.form && early) frame.html = withEarlyScript(frame.html, base + early);
  const head = [
    ...bundle.js.map((file) => `<script defer="defer" src="${escapeAttribute(base + file)}"></script>`),
    ...(bundle.pages[page.chunk] ?? []).map((file) => hint(base + file, 'script')),
    // With a frame: its rules inline, and the whole stylesheet named but `disabled`, which the
    // browser does not fetch: it would share the phone's link with the scripts. The bundle
    // enables it once it runs (src/public.tsx, ADR 0076). Without a frame, as usual.
    ...bundle.css.map((file) =>
      frame
        ? `<link rel="stylesheet" href="${escapeAttribute(base + file)}" disabled data-deferred-stylesheet/>`
        : `<link rel="stylesheet" href="${escapeAttribute(base + file)}"/>`,
    ),
    ...(frame ? [`<style>${frame.css}#prerendered~#root{display:none}</style>`] : []),
  ];
  return (
    template
      .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
      .replace(/<link rel="preload" href="\/config\/remotes.json"[^>]*>/, '')
      .replace(/<script defer="defer" src="\/main.js"><\/script>/, '')
      // Replacement functions: the frame's text is inserted as is (no `$&` patterns).
      .replace('</head>', () => `${head.join('')}</head>`)
      .replace(
        '<div id="root"></div>',
        () => `${frame ? `<div id="prerendered"><main>${frame.html}</main></div>` : ''}<div id="root"></div>`,
      )
  );
}

/** The page on the shell: its HTML, with the federation chain of the public remote preloaded. */
function shellPage(template, files, manifestUrl, page) {
  const chunk = files.asyncJs.find((file) => file.startsWith(`${page.chunk}.`));
  const hints = [
    hint(manifestUrl, 'fetch'),
    hint(files.entry, 'script'),
    ...files.exposeJs.map((url) => hint(url, 'script')),
    ...files.exposeCss.map((url) => hint(url, 'style')),
    ...(chunk ? [hint(files.base + chunk, 'script')] : []),
  ];
  return template.replace('</head>', () => `${hints.join('')}</head>`);
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
  const bundle = publicBundle(files.folder);
  for (const page of PUBLIC_PAGES) {
    const html = bundle
      ? publicBundlePage(template, files, bundle, page)
      : shellPage(template, files, manifestUrl, page);
    writeFileSync(path.join(target, page.file), html);
  }
}
