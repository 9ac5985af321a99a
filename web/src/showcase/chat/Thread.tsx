// One conversation's thread: the colleague's name and role, the messages by day, "typing…", and the composer.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar, Button, Flex, Input, theme, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { avatarColors } from './avatarColors';
import type { ChatMessage, Colleague, Conversation } from './sample';
import { MESSAGE_MAX_LENGTH } from './session';
import { formatDay, formatTime, groupByDay, initials } from './threads';

interface Props {
  conversation: Conversation;
  colleague: Colleague;
  /** The colleague is writing an answer. */
  typing: boolean;
  /** Sends a message; false when nothing was sent. */
  onSend: (text: string) => boolean;
  /** On a narrow screen, back to the list (the thread then fills the pane). */
  onBack?: () => void;
  /** The composer takes the focus when shown (the conversation was just opened from the list). */
  focusComposer?: boolean;
}

export function Thread({ conversation, colleague, typing, onSend, onBack, focusComposer }: Props) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const log = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const colors = avatarColors(colleague.id, token);
  const now = new Date();
  const days = groupByDay(conversation.messages, now);

  // The newest message (or "typing…") in view when the thread opens and as messages come.
  useLayoutEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [conversation.id, conversation.messages.length, typing]);

  const textOf = (message: ChatMessage) => ('key' in message ? t(message.key) : message.text);

  return (
    <section
      aria-labelledby={titleId}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0, height: '100%' }}
    >
      <Flex
        align="center"
        gap={12}
        style={{ padding: '10px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}`, flex: 'none' }}
      >
        {onBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined aria-hidden />}
            aria-label={t('showcase.chat.back')}
            title={t('showcase.chat.back')}
            onClick={onBack}
            data-testid="chat-back"
          />
        )}
        <Avatar aria-hidden style={{ flex: 'none', background: colors.background, color: colors.color }}>
          {initials(colleague.name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Title
            level={2}
            id={titleId}
            style={{
              fontSize: token.fontSizeLG,
              margin: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {colleague.name}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t(colleague.role)}
          </Typography.Text>
        </div>
      </Flex>

      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={t('showcase.chat.threadLabel', { name: colleague.name })}
        data-testid="chat-thread"
        tabIndex={0}
        style={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          padding: '12px 16px',
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          outlineColor: token.colorPrimary,
        }}
      >
        {days.map((day) => (
          <div key={day.day} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <div data-testid="chat-day" style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '8px 0' }}>
              <span aria-hidden style={{ flex: 1, borderTop: `1px solid ${token.colorBorderSecondary}` }} />
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {day.kind === 'today'
                  ? t('showcase.chat.today')
                  : day.kind === 'yesterday'
                    ? t('showcase.chat.yesterday')
                    : formatDay(day.date, now, language)}
              </Typography.Text>
              <span aria-hidden style={{ flex: 1, borderTop: `1px solid ${token.colorBorderSecondary}` }} />
            </div>
            {day.messages.map((message) => {
              const mine = message.from === 'me';
              const time = formatTime(message.at, language);
              return (
                <div
                  key={message.id}
                  data-testid="chat-message"
                  data-from={message.from}
                  style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
                >
                  <div
                    style={{
                      maxWidth: 'min(75%, 560px)',
                      padding: '8px 12px',
                      borderRadius: token.borderRadiusLG,
                      // The corner towards the sender's side is squared, as a speech bubble's tail.
                      [mine ? 'borderEndEndRadius' : 'borderEndStartRadius']: token.borderRadiusXS,
                      background: mine ? token.colorPrimary : token.colorFillSecondary,
                      color: mine ? token.colorTextLightSolid : token.colorText,
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    <span className="visually-hidden">
                      {t('showcase.chat.sender', { name: mine ? t('showcase.chat.you') : colleague.name, time })}{' '}
                    </span>
                    {textOf(message)}
                  </div>
                  <span
                    aria-hidden
                    style={{ fontSize: token.fontSizeSM, color: token.colorTextTertiary, marginTop: 2 }}
                  >
                    {time}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
        {typing && (
          <div data-testid="chat-typing">
            <Typography.Text type="secondary" italic style={{ fontSize: token.fontSizeSM }}>
              {t('showcase.chat.typing', { name: colleague.name })}
            </Typography.Text>
          </div>
        )}
      </div>

      <Composer name={colleague.name} onSend={onSend} focus={focusComposer} />
    </section>
  );
}

interface ComposerProps {
  /** The colleague written to, for the composer's label. */
  name: string;
  onSend: (text: string) => boolean;
  /** Takes the focus when shown. */
  focus?: boolean;
}

/** The message being written: its own component, so a keystroke does not render the thread again. */
function Composer({ name, onSend, focus }: ComposerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [draft, setDraft] = useState('');
  const composer = useRef<TextAreaRef>(null);
  const ids = { composer: useId(), help: useId() };

  useEffect(() => {
    if (focus) composer.current?.focus();
  }, [focus]);

  const send = () => {
    if (onSend(draft)) setDraft('');
    // After a click on Send too, the next message is typed at once.
    composer.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter keeps its default (a new line); an IME's Enter confirms its text.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}`, flex: 'none' }}
    >
      <label htmlFor={ids.composer} className="visually-hidden">
        {t('showcase.chat.composerLabel', { name })}
      </label>
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          ref={composer}
          id={ids.composer}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('showcase.chat.composerPlaceholder')}
          aria-describedby={ids.help}
          data-testid="chat-composer"
          style={{ flex: 1 }}
        />
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          disabled={!draft.trim()}
          data-testid="chat-send"
        >
          {t('showcase.chat.send')}
        </Button>
      </Flex>
      <Typography.Text
        id={ids.help}
        type="secondary"
        style={{ display: 'block', fontSize: token.fontSizeSM, marginTop: 4 }}
      >
        {t('showcase.chat.composerHelp')}
      </Typography.Text>
    </form>
  );
}
