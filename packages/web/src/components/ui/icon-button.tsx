import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-label' | 'title' | 'children'
> {
  /** The accessible name, also shown as the tooltip (one text for both, WCAG 2.5.3). */
  label: string;
  /** The icon (decorative: give lucide icons `aria-hidden`), or an icon and a short count. */
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

interface TipPosition {
  left: number;
  top: number;
  above: boolean;
  /** A modal <dialog> sits in the top layer: its tooltips must be rendered inside it. */
  container: HTMLElement;
}

/**
 * A button without a visible label: its name is `label`, and the same text appears as a
 * tooltip on hover and on keyboard focus. The tooltip is portalled with fixed coordinates, so
 * scrolling panes and `overflow: hidden` toolbars do not clip it.
 */
export function IconButton({
  label,
  children,
  className,
  type = 'button',
  onMouseEnter,
  onMouseLeave,
  onFocus,
  onBlur,
  onKeyDown,
  ...rest
}: IconButtonProps) {
  const tipId = useId();
  const [tip, setTip] = useState<TipPosition | null>(null);
  const tipRef = useRef<HTMLSpanElement>(null);

  // Centred on its button, a tooltip near the screen's edge is moved back inside it.
  useLayoutEffect(() => {
    const element = tipRef.current;
    if (!tip || !element) return;
    const rect = element.getBoundingClientRect();
    const margin = 8;
    const shift =
      rect.left < margin
        ? margin - rect.left
        : rect.right > window.innerWidth - margin
          ? window.innerWidth - margin - rect.right
          : 0;
    if (shift !== 0) element.style.left = `${tip.left + shift}px`;
  }, [tip]);

  const show = (target: HTMLElement) => {
    const rect = target.getBoundingClientRect();
    const above = rect.bottom + 32 > window.innerHeight;
    setTip({
      left: rect.left + rect.width / 2,
      top: above ? rect.top - 6 : rect.bottom + 6,
      above,
      container: target.closest('dialog') ?? document.body,
    });
  };

  return (
    <>
      <button
        type={type}
        aria-label={label}
        className={className}
        onMouseEnter={(event) => {
          show(event.currentTarget);
          onMouseEnter?.(event);
        }}
        onMouseLeave={(event) => {
          setTip(null);
          onMouseLeave?.(event);
        }}
        onFocus={(event) => {
          if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setTip(null);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          // WCAG 1.4.13: the tooltip can be dismissed without moving the pointer or focus.
          if (event.key === 'Escape' && tip) {
            event.stopPropagation();
            setTip(null);
          }
          onKeyDown?.(event);
        }}
        {...rest}
      >
        {children}
      </button>
      {tip &&
        createPortal(
          <span
            ref={tipRef}
            id={tipId}
            role="tooltip"
            style={{ left: tip.left, top: tip.top }}
            className={cn(
              'pointer-events-none fixed z-[100] w-max max-w-[calc(100vw-1rem)] -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md',
              tip.above && '-translate-y-full',
            )}
          >
            {label}
          </span>,
          tip.container,
        )}
    </>
  );
}
