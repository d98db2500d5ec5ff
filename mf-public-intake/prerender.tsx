/**
 * Build-time HTML of the public pages (run by scripts/build.mjs after webpack: `npx tsx
 * prerender.tsx`). Renders the submit form's first frame exactly as the page's first render draws
 * it, and the loading frames of /ticket-detail/:id and /tickets/:userId, with the same providers,
 * and keeps the part of Mantine's stylesheet each frame uses. Writes
 * dist/prerender/<page>.{html,css}; the deploy step puts them into the route's HTML, so the
 * form paints before any script has arrived, and works without one (ADR 0035). The public bundle
 * then mounts the live page hidden beside it and swaps them (src/lib/prerendered.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Stack, Title } from '@mantine/core';
import { buildSync } from 'esbuild';
import postcss, { type ChildNode, type Container } from 'postcss';
import { renderToString } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { API_PATHS, AppProviders } from 'shared-contracts';
import { LoadingState } from './src/components/PageStates';
import { PublicPage } from './src/components/PublicPage';
import { PUBLIC_INTAKE_NS } from './src/i18n';
import AddTicketPage from './src/pages/AddTicketPage';

const OUT = path.join(__dirname, 'dist', 'prerender');

function render(route: string, page: React.ReactNode): string {
  return renderToString(
    <AppProviders>
      <MemoryRouter initialEntries={[route]}>{page}</MemoryRouter>
    </AppProviders>,
  );
}

/**
 * The frame is a working form before any script runs, and without scripts at all (ADR 0035): it
 * posts as multipart to the api's form route, which answers a page. What cannot be known at
 * build time is included by the front door on every load (nginx SSI, or the `npm start`
 * gateway): the current cities and committees, and a fresh submit key.
 */
function working(html: string): string {
  const include = (path: string) => `<!--# include virtual="/api${path}" -->`;
  const steps: [RegExp, (match: string) => string][] = [
    [
      /<form([^>]*)>/,
      (form) =>
        `${form.replace('<form', `<form method="post" action="/api${API_PATHS.tickets.submitForm}" enctype="multipart/form-data"`)}${include(API_PATHS.tickets.submitFormKey)}`,
    ],
    // The privacy notice in its place (ADR 0068): the live form draws it once it has loaded.
    [
      /<div id="privacy-notice"><\/div>/,
      (box) => box.replace('</div>', `${include(API_PATHS.tickets.submitFormNotice)}</div>`),
    ],
    [
      /(<select[^>]* name="cityId"[^>]*>[\s\S]*?)<\/select>/,
      (select) => select.replace(/<\/select>$/, `${include(API_PATHS.tickets.submitFormCities)}</select>`),
    ],
    [
      /(<select[^>]* name="committeeId"[^>]*>[\s\S]*?)<\/select>/,
      (select) =>
        select.replace(/<\/select>$/, `${include(API_PATHS.tickets.submitFormCommittees)}</select>`),
    ],
  ];
  return steps.reduce((page, [pattern, step]) => {
    if (!pattern.test(page)) throw new Error(`prerender: the form has no ${pattern}`);
    return page.replace(pattern, (match) => step(match));
  }, html);
}

/** The rules of Mantine's stylesheet whose classes all occur in `html` (plus the global ones). */
function criticalCss(html: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(/class="([^"]*)"/g))
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) used.add(name);
  const keeps = (selector: string) =>
    [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((match) => used.has(match[1] ?? ''));

  const stylesheet = readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8');
  const root = postcss.parse(stylesheet);
  const prune = (container: Container<ChildNode>) => {
    container.each((node) => {
      if (node.type === 'comment') node.remove();
      else if (node.type === 'rule') {
        const selectors = node.selectors.filter(keeps);
        if (selectors.length === 0) node.remove();
        else node.selectors = selectors;
      } else if (node.type === 'atrule' && node.name !== 'keyframes' && node.nodes) {
        prune(node);
        if (node.nodes.length === 0) node.remove();
      }
    });
  };
  prune(root);
  // Only the animations a kept rule runs (a loading frame's spinner turns before the bundle).
  const animations = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  root.walkAtRules('keyframes', (rule) => {
    if (!animations.has(rule.params)) rule.remove();
  });
  root.walk((node) => {
    node.raws.before = '';
    node.raws.after = '';
    if (node.type === 'decl') node.raws.between = ':';
    if (node.type === 'rule') node.raws.between = '';
    if (node.type === 'rule' || node.type === 'atrule') node.raws.semicolon = false;
  });
  return root
    .toString()
    .replace(/,\s+/g, ',')
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * The early form script (src/early/earlyForm.ts, ADR 0036), built on its own: a content-hashed
 * file beside the public bundle, named in dist/prerender/early-form.json for the deploy step.
 */
function buildEarlyScript(): string {
  const built = buildSync({
    entryPoints: [path.join(__dirname, 'src', 'early', 'earlyForm.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
  });
  const code = built.outputFiles[0]?.text ?? '';
  const name = `early-form.${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  mkdirSync(path.join(__dirname, 'dist', 'public'), { recursive: true });
  writeFileSync(path.join(__dirname, 'dist', 'public', name), code);
  writeFileSync(path.join(OUT, 'early-form.json'), `${JSON.stringify({ file: name })}\n`);
  return name;
}

/**
 * The first frame of a page that loads its data (the ticket, the member's tickets): its title and
 * loading state, as the page draws them while its call is out. The live page replaces it.
 */
function LoadingFrame({ title, label }: { title: string; label: string }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  return (
    <PublicPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t(title)}
        </Title>
        <LoadingState label={t(label)} />
      </Stack>
    </PublicPage>
  );
}

function write(name: string, route: string, html: string) {
  writeFileSync(path.join(OUT, `${name}.html`), html);
  writeFileSync(path.join(OUT, `${name}.css`), criticalCss(html));
  console.log(`prerendered ${route}: ${html.length} B of HTML`);
}

mkdirSync(OUT, { recursive: true });
console.log(`early form script: ${buildEarlyScript()}`);
write('add-ticket', '/add-ticket', working(render('/add-ticket', <AddTicketPage />)));
write(
  'ticket-detail',
  '/ticket-detail/:id',
  render('/ticket-detail/0', <LoadingFrame title="ticketDetail.title" label="ticketDetail.loading" />),
);
write(
  'user-tickets',
  '/tickets/:userId',
  render('/tickets/0', <LoadingFrame title="userTickets.title" label="userTickets.loading" />),
);
