import { PanelResizeHandle } from 'react-resizable-panels';

/** The drag bar between two workspace panes. */
export function ResizeHandle({ direction }: { direction: 'horizontal' | 'vertical' }) {
  return (
    <PanelResizeHandle
      className={
        direction === 'horizontal'
          ? 'w-1.5 bg-slate-100 transition-colors hover:bg-indigo-200 data-[resize-handle-state=drag]:bg-indigo-300'
          : 'h-1.5 bg-slate-100 transition-colors hover:bg-indigo-200 data-[resize-handle-state=drag]:bg-indigo-300'
      }
    />
  );
}
