import { z } from 'zod';
import { nameText } from '../http/validation.ts';

export const MAX_PAR_LEVEL = 100000;

export const supplyMessages = {
  notFound: 'Supply not found. It does not exist or you do not have access to it.',
  nameRequired: 'Supply name is required.',
  unitRequired: 'Unit is required (what you count in, such as rolls or pods).',
  parLevelRange: `Par level must be a whole number from 0 to ${MAX_PAR_LEVEL}.`,
};

const name = nameText({ error: supplyMessages.nameRequired })
  .min(1, supplyMessages.nameRequired)
  .max(200, 'Supply name must be at most 200 characters.');
const unit = nameText({ error: supplyMessages.unitRequired })
  .min(1, supplyMessages.unitRequired)
  .max(50, 'Unit must be at most 50 characters.');
export const parLevel = z
  .number({ error: supplyMessages.parLevelRange })
  .int(supplyMessages.parLevelRange)
  .min(0, supplyMessages.parLevelRange)
  .max(MAX_PAR_LEVEL, supplyMessages.parLevelRange);

export const createSupplyBody = z.object({ name, unit, par_level: parLevel });
/** react-admin sends the whole record on update; the property does not change. */
export const updateSupplyBody = z.object({
  name: name.optional(),
  unit: unit.optional(),
  par_level: parLevel.optional(),
});

export type CreateSupplyInput = z.output<typeof createSupplyBody>;
export type UpdateSupplyInput = z.output<typeof updateSupplyBody>;
