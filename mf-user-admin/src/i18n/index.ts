import { registerCatalogue } from 'shared-contracts';
import { userAdminEn } from './en';

export const USER_ADMIN_NS = 'userAdmin';
registerCatalogue(USER_ADMIN_NS, 'en', userAdminEn);
