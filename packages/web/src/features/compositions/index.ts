/**
 * The compositions feature's public surface: the queries and mutations of saved
 * compositions (keyed per user) and `CompositionsPage` for /settings/compositions.
 */
export {
  allCompositionsQueryKey,
  useCompositions,
  useCreateComposition,
  useUpdateComposition,
} from './api';
export { CompositionsPage } from './components/compositions-page';
