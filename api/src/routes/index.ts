import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { cityRoutes } from './cities';
import { committeeRoutes } from './committees';
import { healthRoutes } from './health';
import { lastWordRoutes } from './lastWord';
import { memberRoutes } from './members';
import { privacyRoutes } from './privacy';
import { messageRoutes } from './messages';
import { reportRoutes } from './reports';
import { slaRoutes } from './sla';
import { ticketActionRoutes } from './tickets/actions';
import { conversationRoutes } from './tickets/conversation';
import { publicTicketRoutes } from './tickets/public';
import { staffTicketRoutes } from './tickets/staff';
import { viewLinkRoutes } from './uploads';
import { userRoutes } from './users';

/** Every resource's routes; mounted under /api. Each resource folder declares its full path. */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(cityRoutes);
  await app.register(committeeRoutes);
  await app.register(publicTicketRoutes);
  await app.register(staffTicketRoutes);
  await app.register(ticketActionRoutes);
  await app.register(conversationRoutes);
  await app.register(messageRoutes);
  await app.register(memberRoutes);
  await app.register(privacyRoutes);
  await app.register(auditRoutes);
  await app.register(viewLinkRoutes);
  await app.register(slaRoutes);
  await app.register(reportRoutes);
  await app.register(lastWordRoutes);
};
