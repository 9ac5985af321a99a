// /apps/chat: the study team's conversations beside the open one's thread (one pane at a time on a phone).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Empty, theme } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShowcasePage } from '../kit/ShowcasePage';
import { ConversationList } from './ConversationList';
import { colleagueOf } from './sample';
import { chatSession } from './session';
import { Thread } from './Thread';
import { byRecency } from './threads';

/** Below this width one pane shows at a time: two would leave the thread too narrow to read. */
const NARROW_QUERY = '(max-width: 639px)';

function useNarrow(): boolean {
  const subscribe = useCallback((changed: () => void) => {
    const query = window.matchMedia(NARROW_QUERY);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

/** Where focus goes after a move between the panes: the composer of an opened thread, or a conversation's button. */
type FocusTarget = { composer: true } | { conversation: string } | null;

export default function ChatPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = chatSession();
  const { conversations, typing } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [params, setParams] = useSearchParams();
  const narrow = useNarrow();
  const [focus, setFocus] = useState<FocusTarget>(null);

  const requested = params.get('c');
  const colleague = requested ? colleagueOf(requested) : undefined;
  const open = colleague ? conversations.find((conversation) => conversation.id === colleague.id) : undefined;
  const openId = open?.id ?? null;

  // The conversation on screen is read: its count clears, and answers to it arrive read.
  useEffect(() => {
    session.view(openId);
    return () => session.view(null);
  }, [session, openId]);

  const openConversation = (id: string) => {
    setFocus({ composer: true });
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('c', id);
      return next;
    });
  };

  const back = () => {
    setFocus(openId ? { conversation: openId } : null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('c');
      return next;
    });
  };

  const showList = !narrow || !open;
  const showThread = !narrow || Boolean(open);

  return (
    <ShowcasePage title={t('menu.items.chat')} intro={t('showcase.chat.intro')} sample>
      <div
        data-testid="chat"
        style={{
          display: 'flex',
          height: 'calc(100dvh - 240px)',
          minHeight: 440,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          overflow: 'hidden',
        }}
      >
        {showList && (
          <div
            style={{
              flex: narrow ? 1 : 'none',
              width: narrow ? '100%' : 'clamp(260px, 30%, 340px)',
              minWidth: 0,
              borderInlineEnd: narrow ? undefined : `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <ConversationList
              conversations={byRecency(conversations)}
              openId={openId}
              onOpen={openConversation}
              focusId={focus && 'conversation' in focus ? focus.conversation : null}
            />
          </div>
        )}
        {showThread &&
          (open && colleague ? (
            <Thread
              key={open.id}
              conversation={open}
              colleague={colleague}
              typing={typing.includes(open.id)}
              onSend={(text) => session.send(open.id, text)}
              onBack={narrow ? back : undefined}
              focusComposer={Boolean(focus && 'composer' in focus)}
            />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('showcase.chat.pick')}
              style={{ flex: 1, alignSelf: 'center' }}
            />
          ))}
      </div>
    </ShowcasePage>
  );
}
