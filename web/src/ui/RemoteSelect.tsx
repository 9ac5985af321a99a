// A select whose options come from a server search as the user types, with labels for loaded values.
import { useState, type ReactNode } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../core/config';

export interface Option {
  value: string;
  label: string;
}

interface Props {
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  multiple?: boolean;
  /** Options for a search text (the server's list call). */
  useOptions: (search: string) => { options: Option[]; loading: boolean };
  /** Label of a selected value not among the current options (a component that fetches it). */
  renderLabel: (id: string) => ReactNode;
  id?: string;
  testId?: string;
  allowClear?: boolean;
  /** Default: 'Type to search'. */
  placeholder?: string;
  'aria-label'?: string;
}

/** A select whose options come from a server search (studies, study contacts). */
export function RemoteSelect({
  value,
  onChange,
  multiple,
  useOptions,
  renderLabel,
  id,
  testId,
  allowClear,
  placeholder,
  ...rest
}: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>();
  const { options, loading } = useOptions(search);
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={rest['aria-label']}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{
        filterOption: false,
        searchValue: typed,
        onSearch: (text) => {
          setTyped(text);
          clearTimeout(timer);
          setTimer(setTimeout(() => setSearch(text), SEARCH_DEBOUNCE_MS));
        },
      }}
      allowClear={allowClear}
      value={value ?? (multiple ? [] : undefined)}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder ?? t('form.searchToSelect')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      labelRender={({ value: selected, label }) => label ?? renderLabel(String(selected))}
      style={{ width: '100%' }}
    />
  );
}
