// Tests of rendered forms and widgets: server issues, retranslated errors, login page, links, 403, record names.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App as AntApp, Form } from 'antd';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../src/core/i18n';
import { AccessRefusedAlert } from '../src/shell/auth/AccessRefusedAlert';
import LoginPage from '../src/shell/auth/LoginPage';
import { createStore } from '../src/core/store';
import { ThemeProvider } from '../src/shell/ThemeProvider';
import { useRevalidateOnLanguage } from '../src/ui/useRevalidateOnLanguage';
import { useSaveErrors } from '../src/ui/useSaveErrors';
import type { CallError } from '../src/core/api/callable';
import { StudyContactFields } from '../src/resources/studyContacts/StudyContactForm';
import { LinkButton } from '../src/ui/LinkButton';
import { RecordName } from '../src/ui/RecordName';

function renderWithApp(element: React.ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
}

function ContactForm() {
  const [form] = Form.useForm();
  useRevalidateOnLanguage(form);
  return (
    <Form form={form} layout="vertical">
      <StudyContactFields />
      <button type="submit">submit</button>
    </Form>
  );
}

/** A save that the server refused with field issues: one for a shown field, one for a field this form lacks. */
const refusedSave: CallError = {
  code: 'invalid-argument',
  key: 'errors.invalidArgument',
  issues: [
    { path: 'email', key: 'validation.email', message: 'Please enter a valid email address' },
    { path: 'password', key: 'validation.minLength', params: { min: 8 }, message: 'Enter at least 8 characters' },
  ],
};

function RefusedContactForm() {
  const [form] = Form.useForm();
  const showError = useSaveErrors(form);
  return (
    <Form form={form} layout="vertical" onFinish={() => showError(refusedSave)}>
      <StudyContactFields />
      <button type="submit">submit</button>
    </Form>
  );
}

describe('rendered screens', () => {
  it("a server's field issue lands on the shown field; one of no shown field goes to the message", async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithApp(
      // The signed-in shell's antd App provides the message API.
      <AntApp>
        <RefusedContactForm />
      </AntApp>,
    );
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lima' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.org' } });
    fireEvent.click(screen.getByText('submit'));
    const emailItem = screen.getByLabelText('Email').closest('.ant-form-item');
    await waitFor(() => expect(emailItem?.textContent).toContain('Please enter a valid email address'));
    await waitFor(() => expect(document.body.textContent).toContain('password: Enter at least 8 characters'));
  });

  it('a form shows "This field is required" on an empty submit, and the French text after switching', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithApp(<ContactForm />);
    fireEvent.click(screen.getByText('submit'));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(3));
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(screen.getAllByText('Ce champ est obligatoire')).toHaveLength(3));
    // antd keeps a replaced message in the page while it fades out.
    await waitFor(() => expect(screen.queryAllByText('This field is required')).toHaveLength(0));
  });

  it('the login page offers Microsoft and email/password sign-in', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithApp(<LoginPage />, '/auth/login?redirectTo=%2Fapp%2Fusers');
    expect(screen.getByRole('button', { name: /Sign in with Microsoft/ })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forgot password' })).toBeTruthy();
  });

  it('the login form checks its two fields before signing in', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithApp(<LoginPage />, '/auth/login');
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' editor@trialdesk.test ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(screen.queryByText('This field is required')).toBeNull();
    await act(() => i18n.changeLanguage('fr'));
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: '' } });
    expect(screen.getByText('Ce champ est obligatoire')).toBeTruthy();
  });

  it('a link button is one link (no button nested in it) and navigates in the app', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <LinkButton to="/app/studies/create">Create study</LinkButton> },
        { path: '/app/studies/create', element: <p>create page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Create study' });
    expect(link.getAttribute('href')).toBe('/app/studies/create');
    expect(link.querySelector('button')).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByText('create page')).toBeTruthy());
  });

  it('the 403 alert shows the spec message and Request access, then the confirmation', async () => {
    await act(() => i18n.changeLanguage('en'));
    let pressed = 0;
    const { rerender } = renderWithApp(<AccessRefusedAlert state="idle" onRequestAccess={() => pressed++} />);
    expect(screen.getByRole('alert').textContent).toContain("You don't have permission to access this page");
    fireEvent.click(screen.getByRole('button', { name: 'Request access' }));
    expect(pressed).toBe(1);
    rerender(<div />);
    renderWithApp(<AccessRefusedAlert state="sent" onRequestAccess={() => pressed++} />);
    expect(screen.getByText('Your request was sent. An administrator must approve it.')).toBeTruthy();
  });

  it("a linked record's name reads Loading… then the name, or a note once the record is gone, never its id", async () => {
    await act(() => i18n.changeLanguage('en'));
    const name = (study: { title: string }) => study.title;
    const { rerender } = render(<RecordName query={{ isError: false }} name={name} />);
    expect(document.body.textContent).toBe('Loading…');
    rerender(<RecordName query={{ data: { title: 'Greffe de graisse' }, isError: false }} name={name} />);
    expect(document.body.textContent).toBe('Greffe de graisse');
    rerender(<RecordName query={{ isError: true }} name={name} />);
    expect(document.body.textContent).toBe('Deleted or unavailable record');
  });
});
