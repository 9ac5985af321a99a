// The Avatar page of the UI showcase: sizes, initials of people without a picture, and a study team as a group.
import { Avatar, Flex, Tooltip, Typography, theme } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { avatarColours, initialsOf, TEAM } from './sample';

export default function AvatarPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colours = avatarColours(token);
  const people = TEAM.map((key) => t(key));
  const sizes = [
    { size: 'small', label: t('showcaseComponents.avatar.sizes.small') },
    { size: 'medium', label: t('showcaseComponents.avatar.sizes.medium') },
    { size: 'large', label: t('showcaseComponents.avatar.sizes.large') },
    { size: 64, label: t('showcaseComponents.avatar.sizes.custom') },
  ] as const;

  return (
    <ShowcasePage title={t('menu.components.avatar')} intro={t('showcaseComponents.avatar.intro')}>
      <Example
        title={t('showcaseComponents.avatar.sizes.title')}
        description={t('showcaseComponents.avatar.sizes.description')}
      >
        <Flex align="flex-end" gap={24} wrap>
          {sizes.map(({ size, label }) => (
            <Flex key={label} vertical align="center" gap={4}>
              <Avatar size={size} icon={<UserOutlined aria-hidden />} alt="" />
              <Typography.Text type="secondary">{label}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.avatar.initials.title')}
        description={t('showcaseComponents.avatar.initials.description')}
      >
        <Flex gap={24} wrap>
          {people.slice(0, 4).map((name, index) => (
            <Flex key={name} align="center" gap={8}>
              {/* The name is written beside it: the initials would only repeat it to a screen reader. */}
              <span aria-hidden>
                <Avatar style={colours[index % colours.length]}>{initialsOf(name)}</Avatar>
              </span>
              <Typography.Text>{name}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      </Example>

      <Example
        title={t('showcaseComponents.avatar.group.title')}
        description={t('showcaseComponents.avatar.group.description')}
      >
        <Flex vertical gap={8}>
          <Typography.Text id="avatar-team">{t('showcaseComponents.avatar.group.team')}</Typography.Text>
          <div role="group" aria-labelledby="avatar-team">
            <Avatar.Group
              max={{
                count: 4,
                style: { backgroundColor: token.colorFillSecondary, color: token.colorText },
              }}
            >
              {people.map((name, index) => (
                <Tooltip key={name} title={name}>
                  <span role="img" aria-label={name} style={{ display: 'inline-flex' }}>
                    <Avatar style={colours[index % colours.length]}>
                      <span aria-hidden>{initialsOf(name)}</span>
                    </Avatar>
                  </span>
                </Tooltip>
              ))}
            </Avatar.Group>
          </div>
        </Flex>
      </Example>
    </ShowcasePage>
  );
}
