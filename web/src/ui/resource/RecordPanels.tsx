// The panels other kinds show on a record's screen (registry.ts, `registerPanels`), each loaded when first shown.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { panelsOn, type RecordPanel } from './registry';

/** One lazy component per panel, made once: a new one each render would load and mount it again. */
const loaded = new WeakMap<RecordPanel, LazyExoticComponent<ComponentType<{ recordId: string }>>>();
const componentOf = (panel: RecordPanel) => {
  let component = loaded.get(panel);
  if (!component) loaded.set(panel, (component = lazy(panel.screen)));
  return component;
};

/** The panels registered for kind `kind`, for its record `recordId`. */
export function RecordPanels({ kind, recordId }: { kind: string; recordId: string }) {
  return panelsOn(kind).map((panel, index) => {
    const Panel = componentOf(panel);
    return (
      <Suspense key={index} fallback={null}>
        <Panel recordId={recordId} />
      </Suspense>
    );
  });
}
