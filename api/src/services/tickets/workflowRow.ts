import type { Ticket, WorkflowTicket } from 'shared-contracts/contracts';
import { cities, tickets } from '../../db/schema';

/**
 * The ticket's columns the workflow table decides on (the review chain's actions and the last
 * word's steps both read them; select from `tickets` joined to `cities`).
 */
export const workflowSelection = {
  id: tickets.id,
  cityId: tickets.cityId,
  city: cities.name,
  status: tickets.status,
  currentAssignee: tickets.currentAssignee,
  adminStatus: tickets.adminStatus,
  cityPresidentStatus: tickets.cityPresidentStatus,
  convenorStatus: tickets.convenorStatus,
  observerStatus: tickets.observerStatus,
  observerId: tickets.observerId,
  resolutionMethod: tickets.resolutionMethod,
  version: tickets.version,
};

/** A row of `workflowSelection`. */
export type WorkflowRow = WorkflowTicket & {
  id: number;
  cityId: number;
  version: number;
  currentAssignee: Ticket['currentAssignee'];
};
