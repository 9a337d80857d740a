import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useOutsidePress } from './use-outside-press';

function Popup() {
  const [open, setOpen] = useState(true);
  const root = useRef<HTMLDivElement>(null);
  useOutsidePress(root, open, setOpen);
  return (
    <>
      <div ref={root}>
        <button type="button">inside</button>
        {open && <p>menu</p>}
      </div>
      <button type="button">outside</button>
    </>
  );
}

describe('useOutsidePress', () => {
  it('keeps the popup open on a press inside it and shuts it on one outside', () => {
    render(<Popup />);
    fireEvent.mouseDown(screen.getByRole('button', { name: 'inside' }));
    expect(screen.queryByText('menu')).not.toBeNull();
    fireEvent.mouseDown(screen.getByRole('button', { name: 'outside' }));
    expect(screen.queryByText('menu')).toBeNull();
  });
});
