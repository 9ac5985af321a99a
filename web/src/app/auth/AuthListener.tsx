import { useEffect } from 'react';
import { onIdTokenChanged, signOut } from 'firebase/auth';
import { firebaseAuth } from '../firebase';
import { useAppDispatch } from '../store';
import { signedIn, signedOut } from './authSlice';
import { checkStaffClaims } from './claims';
import { mayListenerSignOut, toAuthUser } from './session';

/** Spec section 4: on every auth-state change the claims are checked again; a refused user is cleared. */
export function AuthListener() {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      onIdTokenChanged(firebaseAuth(), async (user) => {
        if (!user) {
          dispatch(signedOut());
          return;
        }
        try {
          const { claims } = await user.getIdTokenResult();
          const check = checkStaffClaims(claims);
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
