/**
 * The privacy notice (ADR 0068): versioned, one version in every language of the form at once,
 * with the grievance officer's contact. The submit form shows the newest version (short, with the
 * whole a click away) and the ticket records the version shown. Admins publish the next version.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  NOTICE_LANGUAGES,
  type NoticeLanguage,
  type PrivacyNotice,
  type PublishNoticeBody,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { privacyNotices } from '../../db/schema';

type NoticeRow = typeof privacyNotices.$inferSelect;

function noticeOf(row: NoticeRow): PrivacyNotice {
  return {
    version: row.version,
    language: row.language,
    text: row.text,
    grievanceOfficer: { name: row.grievanceName, email: row.grievanceEmail, phone: row.grievancePhone },
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** The newest version of the notice in `language` (migration 0027 publishes version 1). */
export async function currentNotice(
  db: Writer,
  language: NoticeLanguage,
): Promise<PrivacyNotice | undefined> {
  const [row] = await db
    .select()
    .from(privacyNotices)
    .where(eq(privacyNotices.language, language))
    .orderBy(desc(privacyNotices.version))
    .limit(1);
  return row ? noticeOf(row) : undefined;
}

/** Whether `version` was ever published. */
export async function noticeVersionExists(db: Writer, version: number): Promise<boolean> {
  const [row] = await db
    .select({ id: privacyNotices.id })
    .from(privacyNotices)
    .where(and(eq(privacyNotices.version, version), eq(privacyNotices.language, 'en')))
    .limit(1);
  return row !== undefined;
}

/** Publishes the next version in every language, in one transaction; answers its number. */
export async function publishNotice(
  db: AppDatabase,
  body: PublishNoticeBody,
  adminId: number,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    // One publisher at a time: two admins publishing at once get two versions, not a clash.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('privacy_notices'))`);
    const [latest] = await tx
      .select({ version: sql<number>`coalesce(max(${privacyNotices.version}), 0)` })
      .from(privacyNotices);
    const version = Number(latest?.version ?? 0) + 1;
    await tx.insert(privacyNotices).values(
      NOTICE_LANGUAGES.map((language) => ({
        version,
        language,
        text: body.texts[language],
        grievanceName: body.grievanceOfficer.name,
        grievanceEmail: body.grievanceOfficer.email,
        grievancePhone: body.grievanceOfficer.phone,
        publishedAt: now,
        publishedBy: adminId,
      })),
    );
    return version;
  });
}
