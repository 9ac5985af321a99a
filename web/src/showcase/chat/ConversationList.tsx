// The chat's conversation list: a search by name, then one button per colleague with the last message and unread count.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Avatar, Badge, Input, theme, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { colleagueOf, type ChatMessage, type Conversation } from './sample';
import { initials, lastMessageOf, listTime, searchConversations } from './threads';
import { avatarColors } from './avatarColors';

/** A line of a conversation's button (name, preview) that takes the room left and ends in an ellipsis past it. */
const ONE_LINE: CSSProperties = {
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

interface Props {
  /** In recency order. */
  conversations: readonly Conversation[];
  openId: string | null;
  onOpen: (id: string) => void;
  /** A conversation whose button takes the focus once shown (back from its thread on a narrow screen). */
  focusId?: string | null;
}

export function ConversationList({ conversations, openId, onOpen, focusId }: Props) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [query, setQuery] = useState('');
  const [hovered, setHovered] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const language = i18n.resolvedLanguage ?? i18n.language;
  const now = new Date();
  const shown = searchConversations(conversations, query);

  useEffect(() => {
    if (focusId) buttons.current.get(focusId)?.focus();
  }, [focusId]);

  const preview = (message: ChatMessage | undefined) => {
    if (!message) return '';
    const text = 'key' in message ? t(message.key) : message.text;
    return message.from === 'me' ? t('showcase.chat.ownPreview', { text }) : text;
  };

  const timeOf = (message: ChatMessage | undefined) => {
    if (!message) return '';
    const time = listTime(message.at, now, language);
    return time.kind === 'yesterday' ? t('showcase.chat.yesterday') : time.text;
  };

  return (
    <section
      aria-label={t('showcase.chat.conversations')}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <div style={{ padding: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Input
          allowClear
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          prefix={<SearchOutlined aria-hidden style={{ color: token.colorTextTertiary }} />}
          placeholder={t('showcase.chat.searchPlaceholder')}
          aria-label={t('showcase.chat.searchLabel')}
          data-testid="chat-search"
          maxLength={80}
        />
      </div>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: 8 }}>
        <div role="status">
          {shown.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ padding: 8, margin: 0 }}>
              {t('showcase.chat.noMatch', { query: query.trim() })}
            </Typography.Paragraph>
          )}
        </div>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {shown.map((conversation) => {
            const colleague = colleagueOf(conversation.id);
            if (!colleague) return null;
            const last = lastMessageOf(conversation);
            const open = conversation.id === openId;
            const unread = conversation.unread;
            const colors = avatarColors(conversation.id, token);
            return (
              <li key={conversation.id}>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(conversation.id, element);
                    else buttons.current.delete(conversation.id);
                  }}
                  data-testid="chat-conversation"
                  data-id={conversation.id}
                  aria-current={open ? 'true' : undefined}
                  onClick={() => onOpen(conversation.id)}
                  onMouseEnter={() => setHovered(conversation.id)}
                  onMouseLeave={() => setHovered((current) => (current === conversation.id ? null : current))}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 12,
                    width: '100%',
                    padding: '10px 12px',
                    border: 'none',
                    borderRadius: token.borderRadiusLG,
                    background: open
                      ? token.controlItemBgActive
                      : hovered === conversation.id
                        ? token.controlItemBgHover
                        : 'transparent',
                    color: token.colorText,
                    font: 'inherit',
                    textAlign: 'start',
                    cursor: 'pointer',
                  }}
                >
                  <Avatar aria-hidden style={{ flex: 'none', background: colors.background, color: colors.color }}>
                    {initials(colleague.name)}
                  </Avatar>
                  <span style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
                    <span style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
                      <span style={{ ...ONE_LINE, fontWeight: unread > 0 ? token.fontWeightStrong : undefined }}>
                        {colleague.name}
                      </span>
                      <span style={{ flex: 'none', fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
                        {timeOf(last)}
                      </span>
                    </span>
                    <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                      <span
                        style={{
                          ...ONE_LINE,
                          fontSize: token.fontSizeSM,
                          color: unread > 0 ? token.colorText : token.colorTextSecondary,
                        }}
                      >
                        {preview(last)}
                      </span>
                      {unread > 0 && (
                        <>
                          <Badge count={unread} overflowCount={99} aria-hidden data-testid="chat-unread" />
                          {/* The button's name is what it shows (name, time, preview), the count said in words. */}
                          <span className="visually-hidden">{t('showcase.chat.unread', { count: unread })}</span>
                        </>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
