import { LIBRARY_TOAST_MS } from '../../../config/limits';
import hotToast from 'react-hot-toast';

/** Toasts of the library pages, with the library's own durations. */
export const libraryToast = {
  info: (message: string) => hotToast(message, { duration: LIBRARY_TOAST_MS.blank }),
  success: (message: string) => hotToast.success(message, { duration: LIBRARY_TOAST_MS.success }),
  error: (message: string) => hotToast.error(message, { duration: LIBRARY_TOAST_MS.error }),
};
