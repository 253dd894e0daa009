import { useEffect } from 'react';

/**
 * What an open dialog stands for on the other device type: while the desktop withdraw dialog is
 * open, a window narrowed past 768 px lands on the phone's withdraw page rather than the wallet's
 * twin (docs/decisions.md "Device switch twins"). The route guard reads it when the
 * device type changes; only one dialog is open at a time, the last one opened wins.
 */
let openTwin: string | null = null;

export function currentDialogTwin(): string | null {
  return openTwin;
}

/** Registers `twin` (a path of the other device type) while `open` is true. */
export function useDialogTwin(open: boolean, twin: string): void {
  useEffect(() => {
    if (!open) return undefined;
    openTwin = twin;
    return () => {
      if (openTwin === twin) openTwin = null;
    };
  }, [open, twin]);
}
