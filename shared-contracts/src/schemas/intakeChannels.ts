/**
 * How a complaint reached the association (ADR 0066): the public form (`web`), or staff filing it
 * for a member who phoned, walked in, wrote a letter or sent an email. Tickets carry it; the
 * reports count by it.
 */
import * as z from 'zod/mini';

/** How a complaint reached the association: the public form, or staff filing it for the member. */
export const INTAKE_CHANNELS = ['web', 'phone', 'walk-in', 'letter', 'email'] as const;
export type IntakeChannel = (typeof INTAKE_CHANNELS)[number];
export const intakeChannelSchema = z.enum(INTAKE_CHANNELS);

/** The channels of a complaint staff file for a member (POST /tickets/assisted). */
export const ASSISTED_CHANNELS = ['phone', 'walk-in', 'letter', 'email'] as const;
export type AssistedChannel = (typeof ASSISTED_CHANNELS)[number];
export const ASSISTED_CHANNEL_MESSAGE = 'Choose how the member reached you: phone, walk-in, letter or email';
export const assistedChannelSchema = z.enum(ASSISTED_CHANNELS, { error: ASSISTED_CHANNEL_MESSAGE });
