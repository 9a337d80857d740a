/** The compositions feature's public surface (SPEC §2 Composition management, modal). */
export {
  allCompositionsQueryKey,
  compositionQueryOptions,
  compositionsQueryOptions,
  useComposition,
  useCompositions,
  useCreateComposition,
  useDeleteComposition,
  useInvalidateCompositions,
  useUpdateComposition,
} from './api';
