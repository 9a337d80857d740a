/** The blocks feature's public surface (SPEC §2 Block management, Block modal). */
export {
  allBlocksQueryKey,
  blockCategoriesQueryOptions,
  blockQueryOptions,
  blocksQueryOptions,
  useBlock,
  useBlockCategories,
  useBlocks,
  useCreateBlock,
  useDeleteBlock,
  useUpdateBlock,
  type DeleteBlockOptions,
} from './api';
