/**
 * The answers of a 404 (a module of its own: the reads, the workflow and the last word all throw
 * them, and none of them imports another for it).
 */

/** The one answer for a ticket that does not exist and one the caller may not see. */
export const TICKET_NOT_FOUND = 'Ticket not found';
/** The same for a member's list. */
export const MEMBER_NOT_FOUND = 'User not found';
/** The same for a file. */
export const FILE_NOT_FOUND = 'File not found';
