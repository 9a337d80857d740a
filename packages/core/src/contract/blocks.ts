import { z } from 'zod';

export const BLOCK_TYPES = [
  'STATIC',
  'DYNAMIC_TASK',
  'PROJECT_INFO',
  'PROJECT_STRUCTURE',
  'SELECTED_FILES_CONTENT',
] as const;
export const blockTypeSchema = z.enum(BLOCK_TYPES);
export type BlockType = z.infer<typeof blockTypeSchema>;

/** NONE for user blocks; any other value marks a system block that cannot be shared. */
export const SYSTEM_BEHAVIORS = ['NONE', 'INDELETABLE'] as const;
export const systemBehaviorSchema = z.enum(SYSTEM_BEHAVIORS);
export type SystemBehavior = z.infer<typeof systemBehaviorSchema>;
