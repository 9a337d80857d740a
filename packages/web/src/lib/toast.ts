import { TOAST_MS } from '../config/limits';
import hotToast from 'react-hot-toast';

/** Toasts with the TOAST_MS durations; loading toasts stay until replaced. */
export const toast = {
  success: (message: string, id?: string) =>
    hotToast.success(message, { id, duration: TOAST_MS.success }),
  error: (message: string, id?: string) =>
    hotToast.error(message, { id, duration: TOAST_MS.error }),
  info: (message: string, id?: string) => hotToast(message, { id, duration: TOAST_MS.default }),
  loading: (message: string) => hotToast.loading(message),
  dismiss: (id?: string) => hotToast.dismiss(id),
};
