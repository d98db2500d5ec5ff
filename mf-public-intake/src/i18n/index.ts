import { registerCatalogue } from 'shared-contracts';
import { publicIntakeEn } from './en';

export const PUBLIC_INTAKE_NS = 'publicIntake';
registerCatalogue(PUBLIC_INTAKE_NS, 'en', publicIntakeEn);
