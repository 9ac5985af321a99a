// Creating a reference: a repeat referral of a patient to a study is recorded as a duplicate, and the person is told so.
import { App } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordApi } from '../../core/api/records';
import { pathsOf } from '../../ui/resource/definition';
import { references } from '.';

const base = recordApi('references');

/** How long the duplicate's message stays: long enough to read it and follow its link. */
const DUPLICATE_MESSAGE_SECONDS = 10;

/**
 * The references' create: as every record's, and when the server recorded the new referral as a duplicate of the
 * patient's earlier one to the study (docs/architecture.md, "Triage"), a message saying so, linking to that one.
 */
export function useCreateReference() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [create, state] = base.useCreate();
  const createReference = async (request: Parameters<typeof create>[0]) => {
    const created = await create(request);
    const original = created.duplicateOf;
    if (original) {
      void message.warning({
        duration: DUPLICATE_MESSAGE_SECONDS,
        content: (
          <span data-testid="created-duplicate">
            {t('references.createdDuplicate')}{' '}
            <Link to={pathsOf(references).edit(original)}>{t('references.openOriginal')}</Link>
          </span>
        ),
      });
    }
    return created;
  };
  return [createReference, state] as const;
}
