/**
 * The compositions feature's public surface (SPEC §2 Composition management, modal).
 * Queries/mutations keyed per user; `CompositionModal` + `useCompositionModal()` for
 * create/edit from anywhere; `CompositionsPage` for /settings/compositions.
 */
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
export {
  CompositionModal,
  type CompositionModalProps,
} from './components/composition-modal/composition-modal';
export { CompositionsPage } from './components/compositions-page';
export { useCompositionModal } from './hooks/use-composition-modal';
