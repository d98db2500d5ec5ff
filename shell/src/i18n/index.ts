import { registerCatalogue } from 'shared-contracts';
import { shellEn } from './en';

export const SHELL_NS = 'shell';
registerCatalogue(SHELL_NS, 'en', shellEn);
