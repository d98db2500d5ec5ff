/**
 * Personal data (issue 33, "Done when" 4; ADR 0050, 0068, 0070) in Chromium behind nginx, at
 * 1280 px in English and at 390 px in Marathi, with axe: a member reads the privacy notice on the
 * form (the whole behind its version), submits, downloads their data from the emailed link to
 * their tickets and asks for erasure there; an admin executes the request on /privacy; the
 * ticket's share link then shows it without the member's name or words, and the member's list
 * link opens nothing.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { launchBrowser, newPage, screenshot, type ViewportName } from '../support/browser';
import { linkTo, waitForMail } from '../support/mail';
import { seedSession } from '../support/session';

jest.setTimeout(240_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  en: {
    title: 'Submit Helpdesk Ticket',
    notice: 'Your personal data',
    whole: /^Read the whole privacy notice \(version \d+\)$/,
    wholeText: 'Data Protection Board of India',
    fields: {
      name: 'Full Name',
      mobile: 'Mobile No',
      email: 'Email',
      city: 'City',
      committee: 'Committee',
      description: 'Detailed Description',
    },
    submit: 'Submit Ticket',
    download: 'Download my data',
    downloaded: 'Your data was downloaded as a JSON file.',
    askErasure: 'Ask to erase my data',
    confirmErasure: 'Yes, erase my data',
    asked: 'Your erasure request was sent. We will tell you the answer by email.',
    listGone: 'Your tickets cannot be shown',
  },
  mr: {
    title: 'हेल्प डेस्ककडे तिकीट नोंदवा',
    notice: 'तुमचा वैयक्तिक डेटा',
    whole: /^संपूर्ण गोपनीयता सूचना वाचा \(आवृत्ती \S+\)$/,
    wholeText: 'भारतीय डेटा संरक्षण मंडळाकडे',
    fields: {
      name: 'पूर्ण नाव',
      mobile: 'मोबाइल नंबर',
      email: 'ईमेल',
      city: 'शहर',
      committee: 'समिती',
      description: 'सविस्तर तपशील',
    },
    submit: 'तिकीट पाठवा',
    download: 'माझा डेटा डाउनलोड करा',
    downloaded: 'तुमचा डेटा एका फाइलच्या रूपात डाउनलोड झाला.',
    askErasure: 'माझा डेटा पुसण्याची विनंती करा',
    confirmErasure: 'होय, माझा डेटा पुसा',
    asked: 'तुमची पुसण्याची विनंती पाठवली. उत्तर आम्ही तुम्हाला ईमेलने कळवू.',
    listGone: 'तुमची तिकिटे दाखवता येत नाहीत',
  },
} as const;

test.each([
  ['desktop', 'en'],
  ['mobile', 'mr'],
] as const)(
  'on %s in %s: notice, submit, download, erasure asked, executed on /privacy',
  async (viewport: ViewportName, lang) => {
    const text = TEXTS[lang];
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const letters = [...stamp.slice(-6)].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
    const name = `Zorawar Quill${letters}`;
    const email = `privacy.${lang}.${stamp}@example.com`;
    const words = `Xylophonic${stamp}`;
    const member = await newPage(browser, viewport);
    const { page } = member;

    // The form, live, in the member's language: the notice short, its whole behind the version.
    await page.goto('/add-ticket');
    await page.getByRole('option', { name: 'Pune', exact: true }).waitFor({ state: 'attached' });
    if (lang === 'mr')
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'मराठी' });
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
    const notice = page.getByRole('region', { name: text.notice });
    await notice.waitFor();
    await notice.getByText(text.whole).click();
    await notice.getByText(text.wholeText, { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `privacy-notice-${lang}-${viewport}`);

    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await field(text.fields.name).fill(name);
    await field(text.fields.mobile).fill('9876501234');
    await field(text.fields.email).fill(email);
    await page.getByRole('combobox', { name: text.fields.city, exact: true }).selectOption({ label: 'Pune' });
    await page.getByRole('combobox', { name: text.fields.committee, exact: true }).selectOption({ index: 1 });
    await field(text.fields.description).fill(`The lift is ${words} and nobody came for two weeks.`);
    await page.getByRole('button', { name: text.submit }).click();
    await page.waitForURL(/\/ticket-detail\/\d+#key=[A-Za-z0-9_-]{43}$/);
    const shareUrl = page.url();
    const ticketId = /\/ticket-detail\/(\d+)#/.exec(shareUrl)?.[1];

    // The emailed link to the member's tickets: download the data, then ask for erasure.
    const mail = await waitForMail(email, (candidate) => candidate.subject.includes(`#${ticketId}`));
    const listUrl = linkTo(mail, '/tickets/');
    const memberId = /\/tickets\/(\d+)/.exec(listUrl)?.[1];
    await page.goto(listUrl);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text.download }).click();
    const download = await downloading;
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      member: { fullName: string; email: string };
      tickets: { id: number; description: string }[];
    };
    expect(data.member).toMatchObject({ fullName: name, email });
    expect(data.tickets.map((ticket) => ticket.id)).toEqual([Number(ticketId)]);
    expect(data.tickets[0]?.description).toContain(words);
    await page.getByText(text.downloaded).waitFor();
    await page.getByRole('button', { name: text.askErasure }).click();
    await page.getByRole('button', { name: text.confirmErasure }).click();
    await page.getByText(text.asked).waitFor();
    await expectAccessible(page);
    await screenshot(page, `privacy-rights-${lang}-${viewport}`);

    // The admin executes it on /privacy.
    const admin = await newPage(browser, viewport);
    await seedSession(admin.page, 'admin@helpdesk.demo');
    await admin.page.goto('/privacy');
    const request = admin.page
      .getByRole('article')
      .filter({ has: admin.page.getByText(`Member #${memberId}`, { exact: true }) });
    await request.getByRole('button', { name: 'Erase the member' }).waitFor();
    await expectAccessible(admin.page);
    await screenshot(admin.page, `privacy-admin-${viewport}`);
    await request.getByRole('button', { name: 'Erase the member' }).click();
    await request.waitFor({ state: 'detached' });
    await admin.context.close();

    // The share link shows the ticket without personal data; the list link opens nothing.
    await page.goto(shareUrl);
    await page.getByText('[erased]').first().waitFor();
    const shown = await page.locator('body').textContent();
    expect(shown).not.toContain(words);
    expect(shown).not.toContain(name);
    expect(shown).not.toContain(email);
    await expectAccessible(page);
    await page.goto(listUrl);
    await page.getByText(text.listGone, { exact: true }).waitFor();
    await member.context.close();
  },
);
