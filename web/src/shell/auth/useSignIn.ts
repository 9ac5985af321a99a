// The login page's state and actions: signing in (Microsoft or password), a refused person's "Request access",
// the password reset, and the notice the page shows.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CallableRequest } from '@trialdesk/shared';
import { useAppDispatch, useAppSelector } from '../../core/store';
import { signedIn, signOutReasonCleared, type SignOutReason } from '../../core/auth/authSlice';
import { IDLE_TIMEOUT_MS } from '../../core/auth/idle';
import { authErrorKey, releaseRefusedUser, sendPasswordReset, type SignInOutcome } from '../../core/auth/session';
import type { RequestState } from './AccessRefusedAlert';

type Notice = { type: 'error' | 'info'; key: string; params?: Record<string, number> } | null;

/** What the page says to someone the app signed out itself. */
const SIGN_OUT_NOTICES: Record<SignOutReason, NonNullable<Notice>> = {
  idle: { type: 'info', key: 'auth.signedOutIdle', params: { minutes: IDLE_TIMEOUT_MS / 60_000 } },
  accessRevoked: { type: 'error', key: 'errors.accessRevoked' },
  sessionEnded: { type: 'info', key: 'errors.sessionEnded' },
  accountEmailChanged: { type: 'error', key: 'errors.accountEmailChanged' },
};

/**
 * The sign-in under way (if any), the notice to show, a refusal and its access request; `target` opens on success.
 * `errorKey` names a failed sign-in's message (the portal's sign-up adds its own cases).
 */
export function useSignIn(target: string, errorKey: (error: unknown) => string = authErrorKey) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signOutReason = useAppSelector((state) => state.auth.signOutReason);
  const [busy, setBusy] = useState<'microsoft' | 'password' | 'reset' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [refused, setRefused] = useState(false);
  const [requestState, setRequestState] = useState<RequestState>('idle');
  /** Why the last access request failed, as thrown (a callable error carries its field issues). */
  const [requestError, setRequestError] = useState<unknown>(null);
  // Until the next attempt.
  const shownNotice = notice ?? (signOutReason && !refused ? SIGN_OUT_NOTICES[signOutReason] : null);

  // A refused person is held signed in only while this page offers "Request access".
  useEffect(() => () => void releaseRefusedUser(), []);

  async function run(kind: 'microsoft' | 'password', signIn: () => Promise<SignInOutcome>) {
    setBusy(kind);
    setNotice(null);
    dispatch(signOutReasonCleared());
    await releaseRefusedUser();
    setRefused(false);
    setRequestState('idle');
    try {
      const outcome = await signIn();
      if (outcome.ok) {
        dispatch(signedIn(outcome.user));
        navigate(target, { replace: true });
      } else {
        setRefused(true);
      }
    } catch (error) {
      setNotice({ type: 'error', key: errorKey(error) });
    } finally {
      setBusy(null);
    }
  }

  /** Asks for the role `request` names (the back office's Editor, the portal's User), then ends the hold. */
  async function requestAccess(request: CallableRequest<'users-requestAccess'>) {
    setRequestState('sending');
    setRequestError(null);
    try {
      // Loaded on use: the login page's first paint does not carry the Functions SDK.
      const { callCallable } = await import('../../core/api/callable');
      await callCallable('users-requestAccess', request);
      setRequestState('sent');
      await releaseRefusedUser();
    } catch (error) {
      setRequestError(error);
      setRequestState('failed');
    }
  }

  async function forgotPassword(email: string) {
    if (!email) {
      setNotice({ type: 'info', key: 'auth.forgotPasswordHelp' });
      return;
    }
    setBusy('reset');
    try {
      await sendPasswordReset(email);
      setNotice({ type: 'info', key: 'auth.resetSent' });
    } catch (error) {
      const key = authErrorKey(error);
      // Same answer whether or not the account exists: the page must not reveal who has one.
      setNotice(
        key === 'auth.errors.invalidEmail' || key === 'auth.errors.network' || key === 'auth.errors.tooManyRequests'
          ? { type: 'error', key }
          : { type: 'info', key: 'auth.resetSent' },
      );
    } finally {
      setBusy(null);
    }
  }

  return { busy, shownNotice, refused, requestState, requestError, run, requestAccess, forgotPassword };
}
