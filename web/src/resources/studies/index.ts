// The studies resource: its paths and menu entry (who may do what: its declaration); its screens load on use.
import { ExperimentOutlined } from '@ant-design/icons';
import { studiesKind } from '@trialdesk/shared';
import { kindResource } from '../../ui/resource/definition';

export const studies = kindResource(studiesKind, {
  path: 'studies',
  menu: { label: 'menu.studies', icon: ExperimentOutlined, group: 'app' },
  screens: () => import('./screens').then((module) => module.default),
});
