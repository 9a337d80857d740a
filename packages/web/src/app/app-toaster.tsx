import { TOAST_MS } from '@promptloom/core';
import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';

/** Above the summary bar (about 52 px) and the files notice that may sit on it. */
const TOAST_BOTTOM_PX = 96;

/**
 * Toasts bottom-right with the shell's durations (TOAST_MS), at most TOAST_MS.max at once,
 * raised above the workspace's summary bar so they never cover Generate.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_MS.max)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  return (
    <Toaster
      position="bottom-right"
      gutter={8}
      containerStyle={{ bottom: TOAST_BOTTOM_PX }}
      toastOptions={{
        duration: TOAST_MS.default,
        success: { duration: TOAST_MS.shellSuccess },
        error: { duration: TOAST_MS.shellError },
        className: 'text-sm! bg-white! text-slate-800! shadow-lg! ring-1! ring-slate-200!',
      }}
    />
  );
}
