import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES, type Role } from 'shared-contracts/contracts';

// Every time is a `timestamptz` (stored in UTC); every id an identity `integer` (MAX_ID in
// shared-contracts is the largest one a request may name). Nothing here is newer than PostgreSQL 15.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `lower(column)`: names and emails are unique whatever their case. */
const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;

/** Small facts about this installation, e.g. the generated demo secret. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The association's city chapters. `convenorId`: the chapter's chosen convenor (ARCHITECTURE §6). */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    convenorId: integer('convenor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('cities_name_lower_unique').on(lower(table.name))],
);

export const committees = pgTable(
  'committees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('committees_name_lower_unique').on(lower(table.name))],
);

/** Which committees a city chapter runs (the submit form offers these for the chosen city). */
export const cityCommittees = pgTable(
  'city_committees',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.cityId, table.committeeId] }),
    index('city_committees_committee_idx').on(table.committeeId),
  ],
);

const roleList = sql.raw(ROLES.map((role) => `'${role}'`).join(', '));

/**
 * Staff and members. `email` is kept lowercase and unique whatever its case; `role` lowercase
 * (spec §6); `cityId` names the user's city chapter (tickets and scoping join on it);
 * `committee` is free text (spec §3). `tokenVersion` is part of every token issued to the user:
 * raising it (deactivation, role, email or password change) revokes them all at once.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('customer'),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    committee: text('committee'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(lower(table.email)),
    // One active city president per city, even when two admins save at the same moment.
    uniqueIndex('users_one_active_city_president')
      .on(table.cityId)
      .where(sql`${table.role} = 'citypresident' and ${table.isActive}`),
    index('users_role_city_idx').on(table.role, table.cityId),
    index('users_city_idx').on(table.cityId),
    check('users_role_check', sql`${table.role} in (${roleList})`),
  ],
);

/**
 * Sign-in attempts per key (`ip:…` or `account:…`) in the current fixed window. In the database
 * rather than in memory, so the limits hold across every api instance.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
