// The Breadcrumb page of the UI showcase: the back office's own paths, with icons, and with a menu of sibling sections.
import { Breadcrumb, Flex } from 'antd';
import { HomeOutlined, SolutionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_PATH } from '../../core/config';
import { references } from '../../resources/references';
import { studies } from '../../resources/studies';
import { studyContacts } from '../../resources/studyContacts';
import { pathsOf } from '../../ui/resource/definition';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

export default function BreadcrumbPage() {
  const { t } = useTranslation();
  const home = <Link to={APP_PATH}>{t('showcaseComponents.breadcrumb.home')}</Link>;
  const sections = [
    { key: 'studies', label: <Link to={pathsOf(studies).list}>{t('menu.studies')}</Link> },
    { key: 'references', label: <Link to={pathsOf(references).list}>{t('menu.references')}</Link> },
    { key: 'studyContacts', label: <Link to={pathsOf(studyContacts).list}>{t('menu.studyContacts')}</Link> },
  ];

  return (
    <ShowcasePage title={t('menu.components.breadcrumb')} intro={t('showcaseComponents.breadcrumb.intro')}>
      <Example
        title={t('showcaseComponents.breadcrumb.paths.title')}
        description={t('showcaseComponents.breadcrumb.paths.description')}
      >
        <Flex vertical gap={12}>
          <Breadcrumb
            aria-label={t('showcaseComponents.breadcrumb.paths.studyLabel')}
            items={[
              { title: home },
              { title: <Link to={pathsOf(studies).list}>{t('menu.studies')}</Link> },
              { title: t('showcaseComponents.common.studyCode') },
              { title: t('studies.editTitle') },
            ]}
          />
          <Breadcrumb
            aria-label={t('showcaseComponents.breadcrumb.paths.contactLabel')}
            items={[
              { title: home },
              { title: <Link to={pathsOf(studyContacts).list}>{t('menu.studyContacts')}</Link> },
              { title: t('studyContacts.createTitle') },
            ]}
          />
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.breadcrumb.icons.title')}
        description={t('showcaseComponents.breadcrumb.icons.description')}
      >
        <Breadcrumb
          aria-label={t('showcaseComponents.breadcrumb.icons.label')}
          items={[
            {
              title: (
                <Link to={APP_PATH}>
                  <HomeOutlined aria-hidden /> {t('showcaseComponents.breadcrumb.home')}
                </Link>
              ),
            },
            {
              title: (
                <Link to={pathsOf(references).list}>
                  <SolutionOutlined aria-hidden /> {t('menu.references')}
                </Link>
              ),
            },
            { title: t('showcaseComponents.common.reference') },
          ]}
        />
      </Example>

      <Example
        title={t('showcaseComponents.breadcrumb.menu.title')}
        description={t('showcaseComponents.breadcrumb.menu.description')}
      >
        <Breadcrumb
          aria-label={t('showcaseComponents.breadcrumb.menu.label')}
          items={[
            { title: home },
            { title: <Link to={pathsOf(references).list}>{t('menu.references')}</Link>, menu: { items: sections } },
            { title: t('references.createTitle') },
          ]}
        />
      </Example>
    </ShowcasePage>
  );
}
