import { create } from 'zustand';

/** Whether the `?` dialog listing the keyboard shortcuts is open. */
export const useShortcutsDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>(
  (set) => ({ open: false, setOpen: (open) => set({ open }) }),
);
