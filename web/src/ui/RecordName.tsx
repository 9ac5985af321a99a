// A linked record's name by its query, with a loading or unavailable note instead of its id.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A linked record's name, by a query for it: "Loading…" while it loads and a note once it is gone, never its id. */
export function RecordName<R extends object>({
  query,
  name,
}: {
  query: { data?: R; isError: boolean };
  name: (record: R) => string;
}) {
  const { t } = useTranslation();
  if (query.data) return name(query.data);
  return (
    <Typography.Text type="secondary">{t(query.isError ? 'app.unavailableRecord' : 'app.loading')}</Typography.Text>
  );
}
