// The panels other kinds show on a record's screen (registry.ts, `registerPanels`), each loaded when first shown.
import { Suspense } from 'react';
import { panelsOn } from './registry';

/** The panels registered for kind `kind`, for its record `recordId`. */
export function RecordPanels({ kind, recordId }: { kind: string; recordId: string }) {
  return panelsOn(kind).map(({ Panel }, index) => (
    <Suspense key={index} fallback={null}>
      <Panel recordId={recordId} />
    </Suspense>
  ));
}
