/** The apply room's public surface: other rooms import it only from here. */
export { ApplyAnswerButton } from './components/apply-answer-button';
export { ApplyDialog } from './components/apply-dialog';
export { UndoApplyButton } from './components/undo-apply-button';
export { type ApplyRecord } from './lib/apply-records';
export { useProjectApplies } from './hooks/use-project-applies';
