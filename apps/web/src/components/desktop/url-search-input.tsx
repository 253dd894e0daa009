import { useState } from 'react';
import { Input } from 'antd';

interface UrlSearchInputProps {
  /** The value in the URL; a new one (back button, reset) replaces what is typed. */
  value?: string;
  onSearch: (value?: string) => void;
  placeholder: string;
  width: number;
  maxLength?: number;
  testId: string;
}

/** A search box bound to a URL filter: typing is local, searching writes the trimmed text (or clears it). */
export function UrlSearchInput({ value, onSearch, placeholder, width, maxLength, testId }: UrlSearchInputProps) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  return (
    <Input.Search
      allowClear
      value={text}
      maxLength={maxLength}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      enterButton
      style={{ width }}
      data-testid={testId}
    />
  );
}
