/**
 * A plain modal dialog: a titled card over a dimmed page; Escape or the backdrop closes it. It takes the keyboard
 * with it (focus-trap.ts).
 */
import { type ReactNode, useRef } from 'react';
import { useFocusTrap } from './focus-trap.js';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
  wide?: boolean;
}

export function Modal({ title, onClose, children, footer, testId, wide }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, onClose, '.modal-body input, .modal-body select, .modal-body textarea');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the pointer's way to close; Escape (focus-trap.ts) is the keyboard's
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className={wide ? 'modal modal-wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
      >
        <header className="modal-header">
          <h2>{title}</h2>
          <button className="icon-btn" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
