/**
 * Every visible text comes from the catalogues (issue 20, Done 1): this scan reads each .tsx file
 * of the shell, the three remotes and shared-contracts with TypeScript's parser and fails on a
 * text written into a component: JSX text, a string literal in braces, a string literal given to
 * a prop that people read or hear (label, placeholder, title, aria-label…) and the title or
 * message of a toast. Only what is not language may stay literal (ALLOWED, each with its reason).
 * In the .ts modules (rules, hooks) it fails on an English word or sentence given back for the
 * screen: a returned literal, a fallback after `||` or `??`, a branch of `? :`, such as a city
 * shown as 'Unknown' (codes, keys and class names are lower case and pass).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SOURCES = ['shell', 'mf-public-intake', 'mf-staff-dashboard', 'mf-user-admin', 'shared-contracts'].map(
  (app) => path.join(ROOT, app, 'src'),
);

/** Props whose value is read on screen or by a screen reader. */
const TEXT_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'alt',
  'description',
  'error',
  'message',
  'nothingFoundMessage',
  'closeButtonLabel',
  'tooltip',
  'confirmLabel',
  'cancelLabel',
]);

/**
 * Literals that are not language: the same in English, Hindi and Marathi. Each entry is the
 * literal as written and why it may stay.
 */
const ALLOWED: Record<string, string> = {
  // Punctuation and symbols between translated parts: no words in them.
  '·': 'a separator dot between two translated texts',
  '…': 'the ellipsis of the page numbers (aria-hidden)',
  '—': 'a dash shown for an empty cell',
  '*': 'the required-field mark',
  '#': 'the ticket-number sign before a number',
  // Names that are the same in every language.
  CREDAI: 'the association’s name (a brand), printed as it is in every language',
  WhatsApp: 'a brand name',
};

/** A literal has language in it when it has a letter (any script). Digits and symbols do not. */
const hasLetters = (text: string) => /\p{L}/u.test(text);

export interface Finding {
  file: string;
  line: number;
  text: string;
  where: string;
}

/** The visible literals of one .tsx source. */
export function scanSource(file: string, source: string): Finding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!hasLetters(trimmed) || trimmed in ALLOWED) return;
    const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree));
    found.push({ file, line: line + 1, text: trimmed, where });
  };
  const literalOf = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isJsxExpression(node)) return literalOf(node.expression);
    if (ts.isParenthesizedExpression(node)) return literalOf(node.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text, 'JSX text');
    else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = literalOf(node.expression);
      if (text !== null) report(node, text, 'JSX child');
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(tree);
      const text = literalOf(node.initializer);
      if (TEXT_PROPS.has(name) && text !== null) report(node, text, `prop ${name}`);
    } else if (
      ts.isCallExpression(node) &&
      /(^|\.)notifications\.show$|(^|\.)showNotification$/.test(node.expression.getText(tree))
    ) {
      for (const argument of node.arguments) {
        if (!ts.isObjectLiteralExpression(argument)) continue;
        for (const property of argument.properties) {
          if (!ts.isPropertyAssignment(property)) continue;
          const name = property.name.getText(tree);
          const text = literalOf(property.initializer);
          if ((name === 'title' || name === 'message') && text !== null)
            report(property, text, `toast ${name}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** An English word or sentence: a capital letter then lower-case letters (not a code, key or class). */
const looksLikeWords = (text: string) => /^[A-Z][a-z]+[,.!?]?(\s+\S+)*$/.test(text);

/** Words a .ts module gives back for the screen: returned, a fallback, or a branch of `? :`. */
export function scanModule(file: string, source: string): Finding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && looksLikeWords(node.text)) {
      const parent = node.parent;
      const where = ts.isReturnStatement(parent)
        ? 'returned'
        : ts.isBinaryExpression(parent) &&
            parent.right === node &&
            [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
              parent.operatorToken.kind,
            )
          ? 'fallback'
          : ts.isConditionalExpression(parent) && parent.condition !== node
            ? 'branch'
            : null;
      if (where && !(node.text in ALLOWED)) {
        const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree));
        found.push({ file, line: line + 1, text: node.text, where });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The source files of a folder with one of the endings; tests and test helpers are not screens. */
function sourceFiles(folder: string, ending: '.ts' | '.tsx'): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    // Test helpers (fake backends, fixtures) hold sample data on purpose; catalogues are the texts.
    if (entry.isDirectory())
      return entry.name === 'testing' || entry.name === 'i18n' ? [] : sourceFiles(full, ending);
    return entry.name.endsWith(ending) && !entry.name.endsWith(`.test${ending}`) ? [full] : [];
  });
}
const tsxFiles = (folder: string) => sourceFiles(folder, '.tsx');

describe('the literal-text scan', () => {
  test('finds JSX text, literal children, text props and toast texts', () => {
    const findings = scanSource(
      'Probe.tsx',
      [
        "import { notifications } from '@mantine/notifications';",
        'export function Probe() {',
        "  notifications.show({ title: 'Saved', message: t('x'), color: 'green' });",
        '  return (',
        '    <div className="probe" data-testid="probe">',
        '      <h1>Welcome</h1>',
        "      {'Unknown'}",
        '      <input placeholder="Your name" aria-label={"Name"} type="text" />',
        "      <Button title={t('a')} label=\"OK\">{t('b')}</Button>",
        '      <span>·</span> <span>42</span> <b>CREDAI</b> <i>स्वागत</i>',
        '    </div>',
        '  );',
        '}',
      ].join('\n'),
    );
    expect(findings.map(({ line, text, where }) => `${line} ${where}: ${text}`)).toEqual([
      '3 toast title: Saved',
      '6 JSX text: Welcome',
      '7 JSX child: Unknown',
      '8 prop placeholder: Your name',
      '8 prop aria-label: Name',
      '9 prop label: OK',
      '10 JSX text: स्वागत',
    ]);
  });

  test('finds English given back by a module, not codes or keys', () => {
    const findings = scanModule(
      'probe.ts',
      [
        "export const city = (name?: string) => name?.trim() || 'Unknown';",
        "export const who = (name?: string) => name ?? 'Nobody yet';",
        "export function label(ok: boolean) { if (ok) return 'Done.'; return ok ? 'common:status.done' : 'Not done'; }",
        "export const color = (ok: boolean) => (ok ? 'green' : 'red.7');",
        "export const key = (x?: string) => x || 'pending';",
        "export const title = 'Help Desk';",
      ].join('\n'),
    );
    expect(findings.map(({ line, text, where }) => `${line} ${where}: ${text}`)).toEqual([
      '1 fallback: Unknown',
      '2 fallback: Nobody yet',
      '3 returned: Done.',
      '3 branch: Not done',
    ]);
  });

  test('every allowed literal has a reason and no letters that need translating', () => {
    for (const [literal, reason] of Object.entries(ALLOWED)) {
      expect(reason.length).toBeGreaterThan(10);
      expect(literal.length).toBeLessThan(12);
    }
  });
});

describe('no component renders a literal text outside the catalogues', () => {
  const files = SOURCES.flatMap(tsxFiles);
  test('the scan reads the screens of every app', () => {
    for (const app of ['shell', 'mf-public-intake', 'mf-staff-dashboard', 'mf-user-admin']) {
      expect(files.some((file) => file.includes(`${path.sep}${app}${path.sep}`))).toBe(true);
    }
    expect(files.length).toBeGreaterThan(50);
  });
  test('no literal texts in any .tsx file', () => {
    const findings = files.flatMap((file) =>
      scanSource(path.relative(ROOT, file), readFileSync(file, 'utf8')),
    );
    expect(findings.map(({ file, line, text, where }) => `${file}:${line} ${where}: ${text}`)).toEqual([]);
  });
  test('no English words given back for the screen by any .ts module', () => {
    const modules = SOURCES.flatMap((folder) => sourceFiles(folder, '.ts'));
    expect(modules.length).toBeGreaterThan(50);
    const findings = modules.flatMap((file) =>
      scanModule(path.relative(ROOT, file), readFileSync(file, 'utf8')),
    );
    expect(findings.map(({ file, line, text, where }) => `${file}:${line} ${where}: ${text}`)).toEqual([]);
  });
});
