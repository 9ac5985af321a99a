// Making a new e-mail/password account (the referral portal's sign-up): loaded with the portal's sign-in only, so the
// back office's login route carries none of it.
import { createUserWithEmailAndPassword, updateProfile } from 'firebase/auth';
import { firebaseAuth } from '../firebase';
import { finishSignIn, type SignInOutcome } from './session';

/**
 * A new e-mail/password account, named as the person typed: the account's name is what an access request records
 * (users-requestAccess reads it from the account). Refused until an Admin approves its request, like any sign-in.
 */
export function signUpWithPassword(name: string, email: string, password: string): Promise<SignInOutcome> {
  return finishSignIn(async () => {
    const credential = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
    await updateProfile(credential.user, { displayName: name });
    return credential;
  });
}
