// AuthListener: checks the claims on every auth change, ending refused or idle-expired sessions.
import { useEffect } from 'react';
import { onIdTokenChanged, signOut } from 'firebase/auth';
import { firebaseAuth } from '../../core/firebase';
import { useAppDispatch } from '../../core/store';
import { signedIn, signedOut, storedSignOutReason } from '../../core/auth/authSlice';
import { checkClaims } from '../../core/auth/claims';
import { idleExpired } from '../../core/auth/idle';
import { endSession, mayListenerSignOut, toAuthUser } from '../../core/auth/session';

/**
 * On every auth-state change the claims are checked again; a refused user is cleared. A session
 * past the idle timeout (e.g. restored after every tab was closed) ends. A sign-out keeps the reason the tab that
 * ended the session stored, so every tab's login page says why.
 */
export function AuthListener() {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      onIdTokenChanged(firebaseAuth(), async (user) => {
        if (!user) {
          dispatch(signedOut(storedSignOutReason()));
          return;
        }
        if (idleExpired() && mayListenerSignOut(user.uid)) {
          await endSession(dispatch, 'idle');
          return;
        }
        try {
          const { claims } = await user.getIdTokenResult();
          const check = checkClaims(claims);
          if (check.ok) {
            dispatch(signedIn(toAuthUser(user, check.role)));
            return;
          }
          console.error(`Signed-in user refused: ${check.reason}`);
        } catch (error) {
          console.error('Could not read the token claims', error);
        }
        dispatch(signedOut());
        if (mayListenerSignOut(user.uid)) await signOut(firebaseAuth());
      }),
    [dispatch],
  );
  return null;
}
