/**
 * Build-time HTML of /add-ticket (run by scripts/build.mjs after webpack: `npx tsx prerender.tsx`).
 * Renders the submit form's first frame exactly as the page's first render draws it, with the
 * same providers, and keeps the part of Mantine's stylesheet that frame uses. Writes
 * dist/prerender/add-ticket.{html,css}; the deploy step puts them into the route's HTML, so the
 * form paints before any script has arrived. The shell then mounts the live page hidden beside
 * it and swaps them (shell/src/prerendered.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type ChildNode, type Container } from 'postcss';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from 'shared-contracts';
import './src/i18n';
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
 * Before its script runs, the frame must not submit anything: a native submit would put what
 * was typed into the URL. The button keeps its look; the live page replaces it.
 */
function inert(html: string): string {
  const inerted = html.replace(/<button([^>]*) type="submit"/g, '<button$1 type="button"');
  if (inerted === html) throw new Error('prerender: no submit button found to make inert');
  return inerted;
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
      } else if (node.type === 'atrule') {
        if (node.name === 'keyframes') node.remove();
        else if (node.nodes) {
          prune(node);
          if (node.nodes.length === 0) node.remove();
        }
      }
    });
  };
  prune(root);
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

mkdirSync(OUT, { recursive: true });
const html = inert(render('/add-ticket', <AddTicketPage />));
writeFileSync(path.join(OUT, 'add-ticket.html'), html);
writeFileSync(path.join(OUT, 'add-ticket.css'), criticalCss(html));
console.log(`prerendered /add-ticket: ${html.length} B of HTML`);
