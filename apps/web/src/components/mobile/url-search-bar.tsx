import { useState } from 'react';
import { SearchBar } from 'antd-mobile';

interface MobileUrlSearchBarProps {
  /** The value in the URL; a new one (back button, a cleared filter) replaces what is typed. */
  value?: string;
  onSearch: (value?: string) => void;
  placeholder: string;
  maxLength?: number;
  testId: string;
}

/**
 * The phone's search box bound to a URL filter: typing is local; the keyboard's search key, leaving
 * the box or clearing it writes the trimmed text (or removes it). Twin of the desktop's
 * `UrlSearchInput`.
 */
export function MobileUrlSearchBar({ value, onSearch, placeholder, maxLength, testId }: MobileUrlSearchBarProps) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const apply = (raw: string) => {
    const next = raw.trim() || undefined;
    if (next !== value) onSearch(next);
  };
  return (
    <SearchBar
      className="m-search-bar"
      value={text}
      maxLength={maxLength}
      placeholder={placeholder}
      onChange={setText}
      onSearch={apply}
      onBlur={() => apply(text)}
      onClear={() => apply('')}
      data-testid={testId}
    />
  );
}
