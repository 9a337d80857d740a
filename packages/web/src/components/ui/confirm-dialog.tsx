import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  /** A third answer between cancel and confirm (see choose()). */
  alternativeText?: string;
  /** The confirm button is not a destructive action: shown as the primary one. */
  primary?: boolean;
}

export type Choice = 'confirm' | 'alternative' | 'cancel';

interface ConfirmState extends ConfirmOptions {
  isOpen: boolean;
  resolve: ((choice: Choice) => void) | null;
}

const useConfirmStore = create<ConfirmState>(() => ({
  isOpen: false,
  title: '',
  message: '',
  resolve: null,
}));

/** Asks the user to confirm; resolves true on confirm, false on cancel, Escape or backdrop. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return choose(options).then((choice) => choice === 'confirm');
}

/** As confirm(), with a third button (`alternativeText`); Escape and backdrop cancel. */
export function choose(options: ConfirmOptions): Promise<Choice> {
  useConfirmStore.getState().resolve?.('cancel');
  return new Promise((resolve) => {
    // Labels not given fall back to the defaults, never to the previous call's labels.
    useConfirmStore.setState({
      confirmText: undefined,
      cancelText: undefined,
      alternativeText: undefined,
      primary: undefined,
      ...options,
      isOpen: true,
      resolve,
    });
  });
}

function settle(choice: Choice) {
  const { resolve } = useConfirmStore.getState();
  useConfirmStore.setState({ isOpen: false, resolve: null });
  resolve?.(choice);
}

/** Mounted once at the root; `confirm()` opens it. */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const { isOpen, title, message, confirmText, cancelText, alternativeText, primary } =
    useConfirmStore();
  return (
    <Modal
      open={isOpen}
      onClose={() => settle('cancel')}
      title={title}
      size="sm"
      footer={
        <>
          {/* The least destructive answer takes focus first: Enter straight away cancels. */}
          <Button variant="secondary" data-initial-focus onClick={() => settle('cancel')}>
            {cancelText ?? t('common.cancel')}
          </Button>
          {alternativeText && (
            <Button variant="secondary" onClick={() => settle('alternative')}>
              {alternativeText}
            </Button>
          )}
          <Button variant={primary ? 'primary' : 'danger'} onClick={() => settle('confirm')}>
            {confirmText ?? t('common.delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{message}</p>
    </Modal>
  );
}
