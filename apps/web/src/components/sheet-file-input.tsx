import type { Ref } from 'react';

/**
 * The hidden file field of a spreadsheet import (a button clicks it): hands the chosen file on and
 * forgets it, so choosing the same file again after an edit is noticed.
 */
export function SheetFileInput({ ref, onFile, testId }: { ref: Ref<HTMLInputElement>; onFile: (file: File) => void; testId: string }) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      accept=".xlsx,.csv"
      data-testid={testId}
      onChange={(e) => {
        const chosen = e.target.files?.[0];
        e.target.value = '';
        if (chosen) onFile(chosen);
      }}
    />
  );
}
