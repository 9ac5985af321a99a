// A code-like value in a list cell (an identifier, a SKU, a callable's name): monospaced, on one line.
import { Typography } from 'antd';

/** A code-like value on one line: ids, SKUs and callable names stay whole in narrow columns. */
export function Code({ children }: { children: string }) {
  return (
    <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Typography.Text>
  );
}
