// A list's search box: reports its value once typing pauses, and follows outside changes.
import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import { SEARCH_DEBOUNCE_MS } from '../core/config';

interface Props {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  testId?: string;
  maxLength?: number;
  status?: 'error';
}

/** A search box that reports its value once typing pauses (~250 ms); follows outside changes (back button). */
export function SearchInput({ value, onChange, placeholder, label, testId = 'list-search', maxLength, status }: Props) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(next: string, immediate = false) {
    setText(next);
    clearTimeout(timer.current);
    if (immediate) latest.current(next);
    else timer.current = setTimeout(() => latest.current(next), SEARCH_DEBOUNCE_MS);
  }

  return (
    <Input.Search
      allowClear
      value={text}
      placeholder={placeholder}
      aria-label={label}
      data-testid={testId}
      maxLength={maxLength}
      status={status}
      onChange={(event) => change(event.target.value)}
      onSearch={(next) => change(next, true)}
      style={{ width: 280, maxWidth: '100%' }}
    />
  );
}
