import { useState } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';

export interface IconButtonProps extends Omit<ButtonProps, 'aria-label' | 'title'> {
  /** Its name: the tooltip and what a screen reader says. */
  label: string;
}

/**
 * A text button with only an icon, named by a tooltip. A click hides the tooltip until the pointer
 * leaves the button: shown above a dialog the button opened, the tooltip was the top layer of antd's
 * stack, so Escape closed the tooltip and left the dialog open.
 */
export function IconButton({ label, onClick, onMouseLeave, ...button }: IconButtonProps) {
  const [hovered, setHovered] = useState(false);
  const [clicked, setClicked] = useState(false);
  return (
    <Tooltip title={label} open={hovered && !clicked} onOpenChange={setHovered}>
      <Button
        type="text"
        {...button}
        aria-label={label}
        onClick={(event) => {
          setClicked(true);
          onClick?.(event);
        }}
        onMouseLeave={(event) => {
          // The tooltip held closed reports no leave of its own.
          setClicked(false);
          setHovered(false);
          onMouseLeave?.(event);
        }}
      />
    </Tooltip>
  );
}
