// The not-found page outside the signed-in shell, in the public pages' layout.
import { AuthLayout } from '../layout/AuthLayout';
import NotFoundPage from './NotFoundPage';

/** Not-found page outside the signed-in shell. */
export default function PublicNotFoundPage() {
  return (
    <AuthLayout wide>
      <NotFoundPage />
    </AuthLayout>
  );
}
