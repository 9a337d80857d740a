import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
}

interface ConfirmState extends ConfirmOptions {
  isOpen: boolean;
  resolve: ((confirmed: boolean) => void) | null;
}

const useConfirmStore = create<ConfirmState>(() => ({
  isOpen: false,
  title: '',
  message: '',
  resolve: null,
}));

/** Asks the user to confirm; resolves true on confirm, false on cancel, Escape or backdrop. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  useConfirmStore.getState().resolve?.(false);
  return new Promise((resolve) => {
    // Labels not given fall back to the defaults, never to the previous call's labels.
    useConfirmStore.setState({
      confirmText: undefined,
      cancelText: undefined,
      ...options,
      isOpen: true,
      resolve,
    });
  });
}

function settle(confirmed: boolean) {
  const { resolve } = useConfirmStore.getState();
  useConfirmStore.setState({ isOpen: false, resolve: null });
  resolve?.(confirmed);
}

/** Mounted once at the root; `confirm()` opens it. */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const { isOpen, title, message, confirmText, cancelText } = useConfirmStore();
  return (
    <Modal
      open={isOpen}
      onClose={() => settle(false)}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => settle(false)}>
            {cancelText ?? t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => settle(true)}>
            {confirmText ?? t('common.delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{message}</p>
    </Modal>
  );
}
