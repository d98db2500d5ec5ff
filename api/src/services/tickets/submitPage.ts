/**
 * The pages the api answers to the submit form posted without scripts (ADR 0035): the form again
 * with the visitor's values and the shared rules' errors next to them, or the confirmation with
 * the ticket's share link. Plain HTML in the visitor's language (the api's catalogue for the
 * labels, the common catalogue for the shared rules' messages), no script, one stylesheet whose
 * hash the page's Content-Security-Policy names.
 */
import { createHash } from 'node:crypto';
import {
  API_PATHS,
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FIELD,
  CITY_PRESIDENT_ATTRIBUTE,
  errorCode,
  HELPLINE_NUMBER,
  MESSAGE_LANGUAGES,
  OPT_IN_VALUE,
  type PrivacyNotice,
  SUBMIT_FIELDS_SHOWN,
  SUBMIT_KEY_FIELD,
  sitePaths,
} from 'shared-contracts/contracts';
import { COMMON_CATALOGUES } from 'shared-contracts/i18n/common';
import { translate } from '../../i18n';

export type PageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export interface NamedOption {
  id: number;
  name: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The language of the page: the form's own `language` field (the page it was typed on), else
 * the first of the visitor's Accept-Language the catalogues have, else English.
 */
export function pageLanguage(field: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  const known = (value: string | undefined): value is PageLanguage =>
    (MESSAGE_LANGUAGES as readonly string[]).includes(value ?? '');
  if (known(field)) return field;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(known) ?? 'en';
}

/** A shared rule's or the api's English message in `language` (by its code), else as it came. */
export function messageIn(language: PageLanguage, message: string): string {
  const found = errorCode(message);
  if (!found) return message;
  const errors = COMMON_CATALOGUES[language].errors as Partial<Record<string, string>>;
  const template = errors[found.code];
  if (!template) return message;
  return template.replace(/\{\{(\w+)(?:, *number)?\}\}/g, (_match, name: string) => found.values[name] ?? '');
}

const STYLE = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#212529;background:#f8f9fa}',
  'main{max-width:40rem;margin:0 auto;padding:1rem}',
  '.card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:1rem 1.25rem}',
  'h1{font-size:1.6rem;margin:0 0 1rem}',
  '.field{margin:0 0 1rem}',
  'label{display:block;font-weight:500;margin-bottom:.25rem}',
  'input[type=text],input[type=tel],input[type=email],select,textarea{box-sizing:border-box;width:100%;font:inherit;padding:.45rem .6rem;border:1px solid #ced4da;border-radius:4px;background:#fff}',
  '[aria-invalid=true]{border-color:#c92a2a}',
  '.error{color:#c92a2a;font-size:.9rem;margin:.25rem 0 0}',
  '.hint{color:#495057;font-size:.9rem;margin:0 0 .25rem}',
  '.alert{border:1px solid #c92a2a;border-radius:6px;background:#fff5f5;padding:.75rem 1rem;margin:0 0 1rem}',
  '.alert h2{font-size:1.05rem;margin:0 0 .25rem;color:#c92a2a}',
  '.success{border-color:#2b8a3e;background:#ebfbee}',
  '.success h2{color:#1b5e20}',
  '.check{display:flex;gap:.5rem;align-items:flex-start}',
  '.check label{font-weight:400;margin:0}',
  'button{font:inherit;font-weight:600;width:100%;padding:.6rem 1rem;border:0;border-radius:4px;background:#1864ab;color:#fff;cursor:pointer}',
  'a{color:#1864ab}',
  'footer{border-top:1px solid #dee2e6;margin-top:1rem;padding-top:.75rem;color:#495057;font-size:.8rem}',
  '.notice{border:1px solid #dee2e6;border-radius:4px;padding:.5rem .75rem;margin:0 0 1rem;font-size:.9rem}',
  '.notice h2{font-size:1rem;margin:0 0 .25rem}',
].join('');

/** The Content-Security-Policy of these pages: no script at all, only their own stylesheet. */
export const SUBMIT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The grievance officer's line (ADR 0068), on the notice and in the footer. */
function grievanceLine(language: PageLanguage, notice: PrivacyNotice): string {
  return escapeHtml(translate(language, 'submitPage.form.privacyNotice.grievance', notice.grievanceOfficer));
}

/**
 * The privacy notice as the form without scripts shows it (ADR 0068): short, the whole in a
 * <details> that opens without a script, the grievance officer, and the version as a hidden field
 * so the ticket records the notice its member was shown.
 */
export function renderNotice(language: PageLanguage, notice: PrivacyNotice): string {
  const t = (path: string, params?: Record<string, unknown>) =>
    translate(language, `submitPage.form.privacyNotice.${path}`, params);
  const paragraphs = notice.text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
    .join('');
  return (
    `<section class="notice" aria-labelledby="privacy-notice-title" lang="${notice.language}">` +
    `<h2 id="privacy-notice-title">${escapeHtml(t('title'))}</h2><p>${escapeHtml(t('short'))}</p>` +
    `<details><summary>${escapeHtml(t('whole', { version: notice.version }))}</summary>${paragraphs}</details>` +
    `<p>${grievanceLine(language, notice)}</p>` +
    `<input type="hidden" name="noticeVersion" value="${notice.version}"></section>`
  );
}

function page(language: PageLanguage, title: string, body: string, notice?: PrivacyNotice): string {
  const t = (path: string, params?: Record<string, unknown>) =>
    translate(language, `submitPage.${path}`, params);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><div class="card">${body}` +
    `<footer><p>${escapeHtml(t('form.footer.agreement'))}</p><p>${escapeHtml(t('form.footer.helpline', { number: HELPLINE_NUMBER }))}</p>${notice ? `<p>${grievanceLine(language, notice)}</p>` : ''}</footer>` +
    '</div></main></body></html>'
  );
}

export interface FormPageInput {
  language: PageLanguage;
  values: Record<string, string>;
  /** The message of each field that failed, in English as the rules give it. */
  fieldErrors: Partial<Record<string, string>>;
  /** Messages not about one field (the city and committee pair, a limit, a refused key). */
  formErrors: string[];
  /** The name of the file the visitor had chosen: a page cannot keep it. */
  droppedFile: string | null;
  cities: NamedOption[];
  committees: NamedOption[];
  /** The key of the next post of this page (a new one: what is sent next is another request). */
  idempotencyKey: string;
  /** The current privacy notice in the page's language (ADR 0068). */
  notice?: PrivacyNotice;
}

/** The form again, with what was typed and every error next to its field. */
export function renderFormPage(input: FormPageInput): string {
  const { language, values, fieldErrors } = input;
  const t = (path: string, params?: Record<string, unknown>) =>
    translate(language, `submitPage.${path}`, params);
  const value = (name: string) => escapeHtml(values[name] ?? '');
  const errorOf = (name: string) => fieldErrors[name];
  const described = (name: string, extra: string[] = []) => {
    const ids = [...extra, ...(errorOf(name) ? [`${name}-error`] : [])];
    return `${ids.length ? ` aria-describedby="${ids.join(' ')}"` : ''}${errorOf(name) ? ' aria-invalid="true"' : ''}`;
  };
  const errorLine = (name: string) => {
    const message = errorOf(name);
    return message
      ? `<p class="error" id="${name}-error" data-field="${name}">${escapeHtml(messageIn(language, message))}</p>`
      : '';
  };
  const text = (name: string, type: string, attributes = '') =>
    `<div class="field"><label for="${name}">${escapeHtml(t(`form.fields.${name}`))}</label>` +
    `<input id="${name}" name="${name}" type="${type}" value="${value(name)}" required${attributes}${described(name)}>` +
    `${errorLine(name)}</div>`;
  const select = (name: 'cityId' | 'committeeId', kind: 'city' | 'committee', options: NamedOption[]) =>
    `<div class="field"><label for="${name}">${escapeHtml(t(`form.fields.${kind}`))}</label>` +
    `<select id="${name}" name="${name}" required${described(name)}>` +
    `<option value=""${values[name] ? '' : ' selected'} disabled>${escapeHtml(t(`form.placeholders.${kind}`))}</option>` +
    options
      .map(
        (option) =>
          `<option value="${option.id}"${String(option.id) === values[name] ? ' selected' : ''}>${escapeHtml(option.name)}</option>`,
      )
      .join('') +
    `</select>${errorLine(name)}</div>`;

  // Errors of fields this page does not show (the names sent beside the ids, the language) are
  // listed with the form's own.
  const shownFields = new Set<string>([...SUBMIT_FIELDS_SHOWN, ATTACHMENT_FIELD]);
  const otherErrors = Object.entries(fieldErrors)
    .filter(([name, message]) => message && !shownFields.has(name))
    .map(
      ([name, message]) =>
        `<li data-field="${escapeHtml(name)}">${escapeHtml(messageIn(language, message as string))}</li>`,
    );
  const summary = [
    ...input.formErrors.map((message) => `<li>${escapeHtml(messageIn(language, message))}</li>`),
    ...otherErrors,
  ];
  const hasErrors = summary.length > 0 || Object.values(fieldErrors).some(Boolean);
  const attachmentNotes = [
    ...(errorOf(ATTACHMENT_FIELD)
      ? []
      : input.droppedFile
        ? [t('chooseFileAgain', { name: input.droppedFile })]
        : []),
  ];

  const body =
    `<h1>${escapeHtml(t('form.title'))}</h1>` +
    (hasErrors
      ? `<div class="alert" role="alert"><h2>${escapeHtml(t('form.submitErrorTitle'))}</h2>${summary.length ? `<ul>${summary.join('')}</ul>` : ''}</div>`
      : '') +
    `<form method="post" action="/api${API_PATHS.tickets.submitForm}" enctype="multipart/form-data">` +
    `<input type="hidden" name="${SUBMIT_KEY_FIELD}" value="${escapeHtml(input.idempotencyKey)}">` +
    `<input type="hidden" name="language" value="${language}">` +
    text('fullName', 'text', ' autocomplete="name"') +
    text('mobile', 'tel', ' inputmode="numeric" autocomplete="tel-national"') +
    text('email', 'email', ' autocomplete="email"') +
    select('cityId', 'city', input.cities) +
    select('committeeId', 'committee', input.committees) +
    // The project (ADR 0055): its RERA number typed in full; the live form has a typeahead instead.
    `<div class="field"><label for="reraNumber">${escapeHtml(t('form.fields.reraNumber'))}</label>` +
    `<input id="reraNumber" name="reraNumber" type="text" value="${value('reraNumber')}" autocomplete="off"${described('reraNumber', ['reraNumber-hint'])}>` +
    `<p class="hint" id="reraNumber-hint">${escapeHtml(t('form.reraNumberHint'))}</p>${errorLine('reraNumber')}</div>` +
    `<div class="field"><label for="description">${escapeHtml(t('form.fields.description'))}</label>` +
    `<textarea id="description" name="description" rows="6" required${described('description')}>${value('description')}</textarea>` +
    `${errorLine('description')}</div>` +
    `<div class="field"><label for="${ATTACHMENT_FIELD}">${escapeHtml(t('form.fields.attachment'))}</label>` +
    `<p class="hint" id="${ATTACHMENT_FIELD}-hint">${escapeHtml(t('form.attachment.hint'))}</p>` +
    attachmentNotes
      .map((note) => `<p class="error" id="${ATTACHMENT_FIELD}-again">${escapeHtml(note)}</p>`)
      .join('') +
    `<input id="${ATTACHMENT_FIELD}" name="${ATTACHMENT_FIELD}" type="file" accept="${ATTACHMENT_ACCEPT}"` +
    `${described(ATTACHMENT_FIELD, [`${ATTACHMENT_FIELD}-hint`, ...(attachmentNotes.length ? [`${ATTACHMENT_FIELD}-again`] : [])])}>` +
    `${errorLine(ATTACHMENT_FIELD)}</div>` +
    `<div class="field"><div class="check"><input id="phoneUpdates" name="phoneUpdates" type="checkbox" value="${OPT_IN_VALUE}"` +
    `${values.phoneUpdates === OPT_IN_VALUE ? ' checked' : ''} aria-describedby="phoneUpdates-consent">` +
    `<label for="phoneUpdates">${escapeHtml(t('form.fields.phoneUpdates'))}</label></div>` +
    `<p class="hint" id="phoneUpdates-consent">${escapeHtml(t('form.phoneUpdatesConsent'))}</p></div>` +
    // Against whom (ADR 0048, ADR 0049): the firm or person, and the two boxes, each with its line.
    `<div class="field"><label for="againstName">${escapeHtml(t('form.fields.againstName'))}</label>` +
    `<input id="againstName" name="againstName" type="text" value="${value('againstName')}"${described('againstName', ['againstName-hint'])}>` +
    `<p class="hint" id="againstName-hint">${escapeHtml(t('form.againstNameHint'))}</p>${errorLine('againstName')}</div>` +
    (['concernsOfficeBearer', 'shieldIdentity'] as const)
      .map(
        (box) =>
          `<div class="field"><div class="check"><input id="${box}" name="${box}" type="checkbox" value="${OPT_IN_VALUE}"` +
          `${values[box] === OPT_IN_VALUE ? ' checked' : ''} aria-describedby="${box}-hint">` +
          `<label for="${box}">${escapeHtml(t(`form.fields.${box}`))}</label></div>` +
          `<p class="hint" id="${box}-hint">${escapeHtml(t(`form.${box}Hint`))}</p></div>`,
      )
      .join('') +
    (input.notice ? renderNotice(language, input.notice) : '') +
    `<button type="submit">${escapeHtml(t('form.submit'))}</button></form>`;
  return page(language, t('form.title'), body, input.notice);
}

/** The confirmation: the ticket's share link (the member's own link goes by email, ADR 0030). */
export function renderSubmittedPage(
  language: PageLanguage,
  answer: { ticketId: number; shareUrl: string },
): string {
  const t = (path: string, params?: Record<string, unknown>) =>
    translate(language, `submitPage.${path}`, params);
  const body =
    `<h1>${escapeHtml(t('heading'))}</h1>` +
    `<div class="alert success" role="status"><h2>${escapeHtml(t('form.submitted'))}</h2>` +
    `<p>${escapeHtml(t('ticketNumber', { ticketId: answer.ticketId }))}</p></div>` +
    `<p><a href="${escapeHtml(answer.shareUrl)}">${escapeHtml(t('shareLinkLabel'))}</a></p>` +
    `<p>${escapeHtml(t('keepPrivate'))}</p><p>${escapeHtml(t('emailed'))}</p>` +
    `<p><a href="${sitePaths.addTicket}">${escapeHtml(t('submitNew'))}</a></p>`;
  return page(language, t('heading'), body);
}

/**
 * The `<option>`s of a list (ids and names), as the stand-in form includes them (ADR 0035); for
 * the cities, each one's City President where it has one (ADR 0081).
 */
export function renderOptions(
  options: NamedOption[],
  presidents: ReadonlyMap<number, string> = new Map(),
): string {
  return options
    .map((option) => {
      const president = presidents.get(option.id);
      const named = president === undefined ? '' : ` ${CITY_PRESIDENT_ATTRIBUTE}="${escapeHtml(president)}"`;
      return `<option value="${option.id}"${named}>${escapeHtml(option.name)}</option>`;
    })
    .join('');
}
