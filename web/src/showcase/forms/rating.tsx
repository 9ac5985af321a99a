// The Rating page: stars with named levels, half stars, hearts and a numbered scale; a visit rating validated.
import { cloneElement, useState, type ReactElement } from 'react';
import { Flex, Form, Input, Rate, Tooltip, Typography, theme, type RateProps } from 'antd';
import { HeartFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { multilineText } from '@trialdesk/shared';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { DemoForm } from './DemoForm';
import { ExampleFields, ExampleGrid } from './Examples';

const COMMENT_MAX = 500;

/** Whole or half stars from 1 to 5; antd answers 0 once a rating is cleared, which counts as none given. */
const stars = (half: boolean) =>
  z
    .number()
    .min(0.5, { message: 'validation.required' })
    .max(5)
    .refine((value) => Number.isInteger(value * (half ? 2 : 1)), { message: 'validation.invalid' });

const visitSchema = z.strictObject({
  overall: stars(true),
  organisation: stars(false),
  comment: multilineText(COMMENT_MAX).default(''),
});

interface StarRateProps extends Omit<RateProps, 'tooltips' | 'characterRender'> {
  /** The rating's name, read before its stars. */
  label: string;
  /** Set by a required form item; a list may not carry it, the label's asterisk and the error message say it. */
  'aria-required'?: unknown;
  /** Each step's name, shown as its tooltip and read as its name; "n stars" otherwise. */
  levels?: string[];
}

/**
 * antd's Rate, its steps named for screen readers: each star is a radio named by its level (or "n stars"), in a
 * list named by `label` (a radiogroup role would orphan the list's items). antd's own `tooltips` would name
 * nothing, and a custom render replaces them, so the tooltips are drawn here too.
 */
function StarRate({ label, levels, 'aria-required': _required, ...props }: StarRateProps) {
  const { t } = useTranslation();
  const characterRender: RateProps['characterRender'] = (node, { index = 0 }) => {
    const name = levels?.[index] ?? t('showcaseForms.rating.star', { count: index + 1 });
    // The star's first child is the element with the radio role.
    const star = node as ReactElement<{ children: ReactElement }>;
    const named = cloneElement(star, {}, cloneElement(star.props.children, { 'aria-label': name } as object));
    return levels ? <Tooltip title={name}>{named}</Tooltip> : named;
  };
  return <Rate {...props} aria-label={label} characterRender={characterRender} />;
}

function LevelsExample() {
  const { t } = useTranslation();
  const [value, setValue] = useState(4);
  const levels = useLevels();
  return (
    <ExampleFields>
      <Form.Item label={t('showcaseForms.rating.basic.label')} style={{ marginBottom: 0 }}>
        <Flex align="center" gap={12} wrap>
          <StarRate label={t('showcaseForms.rating.basic.label')} levels={levels} value={value} onChange={setValue} />
          <Typography.Text type="secondary" aria-live="polite">
            {value ? levels[value - 1] : t('showcaseForms.rating.basic.none')}
          </Typography.Text>
        </Flex>
      </Form.Item>
    </ExampleFields>
  );
}

function HalfExample() {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(3.5);
  return (
    <ExampleFields>
      <Form.Item label={t('showcaseForms.rating.half.label')} style={{ marginBottom: 0 }}>
        <Flex align="center" gap={12} wrap>
          <StarRate label={t('showcaseForms.rating.half.label')} allowHalf value={value} onChange={setValue} />
          <Typography.Text type="secondary" aria-live="polite">
            {value
              ? t('showcaseForms.rating.half.value', { value: value.toLocaleString(i18n.language) })
              : t('showcaseForms.rating.basic.none')}
          </Typography.Text>
        </Flex>
      </Form.Item>
    </ExampleFields>
  );
}

function CustomExample() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <ExampleFields>
      <Form.Item label={t('showcaseForms.rating.custom.heartsLabel')}>
        <StarRate
          label={t('showcaseForms.rating.custom.heartsLabel')}
          character={<HeartFilled aria-hidden />}
          defaultValue={3}
          style={{ color: token.colorError }}
        />
      </Form.Item>
      <Form.Item label={t('showcaseForms.rating.custom.numbersLabel')} style={{ marginBottom: 0 }}>
        <StarRate
          label={t('showcaseForms.rating.custom.numbersLabel')}
          count={10}
          character={({ index = 0 }) => index + 1}
          defaultValue={8}
          style={{ fontSize: token.fontSizeLG }}
        />
      </Form.Item>
    </ExampleFields>
  );
}

/** The five named levels, lowest first. */
function useLevels() {
  const { t } = useTranslation();
  return [
    t('showcaseForms.rating.levels.poor'),
    t('showcaseForms.rating.levels.fair'),
    t('showcaseForms.rating.levels.good'),
    t('showcaseForms.rating.levels.veryGood'),
    t('showcaseForms.rating.levels.excellent'),
  ];
}

export default function RatingPage() {
  const { t } = useTranslation();
  const levels = useLevels();
  return (
    <ShowcasePage title={t('menu.forms.rating')} intro={t('showcaseForms.rating.intro')}>
      <ExampleGrid>
        <Example
          key="basic"
          title={t('showcaseForms.rating.basic.title')}
          description={t('showcaseForms.rating.basic.description')}
        >
          <LevelsExample />
        </Example>
        <Example
          key="half"
          title={t('showcaseForms.rating.half.title')}
          description={t('showcaseForms.rating.half.description')}
        >
          <HalfExample />
        </Example>
        <Example
          key="custom"
          title={t('showcaseForms.rating.custom.title')}
          description={t('showcaseForms.rating.custom.description')}
        >
          <CustomExample />
        </Example>
      </ExampleGrid>
      <Example title={t('showcaseForms.rating.form.title')} description={t('showcaseForms.rating.form.description')}>
        <DemoForm name="visit-rating-form" schema={visitSchema}>
          {(rule) => (
            <>
              <Form.Item
                name="overall"
                label={t('showcaseForms.rating.form.overall')}
                required
                rules={[rule('overall')]}
              >
                <StarRate label={t('showcaseForms.rating.form.overall')} allowHalf />
              </Form.Item>
              <Form.Item
                name="organisation"
                label={t('showcaseForms.rating.form.organisation')}
                required
                rules={[rule('organisation')]}
              >
                <StarRate label={t('showcaseForms.rating.form.organisation')} levels={levels} />
              </Form.Item>
              <Form.Item name="comment" label={t('showcaseForms.rating.form.comment')} rules={[rule('comment')]}>
                <Input.TextArea showCount maxLength={COMMENT_MAX} autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
            </>
          )}
        </DemoForm>
      </Example>
    </ShowcasePage>
  );
}
