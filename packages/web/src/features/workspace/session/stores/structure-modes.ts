import type { StructureMode } from '@promptloom/core';
import { createInstanceModes } from './instance-modes';

/** What each PROJECT_STRUCTURE instance shows (decision 031; absent: auto). */
export const useStructureModes = createInstanceModes<StructureMode>(
  'promptloom-structure-modes',
  'structure modes',
);
