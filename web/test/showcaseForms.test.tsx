// Tests of the showcase's forms pages: each opens with its title; their forms refuse and accept as the product's do.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initFirebase } from '../src/core/firebase';
import { i18n } from '../src/core/i18n';
import { routes } from '../src/shell/routes';
import { renderRoutes } from './renderApp';

beforeAll(async () => {
  await initFirebase();
});
beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const SUCCESS = 'The form is valid. A product screen would save it now; here it stays on this page.';
const REQUIRED = 'This field is required';

/** Opens a forms page through the app's routes, signed in, and waits for its title. */
async function open(name: string, title: string) {
  await renderRoutes(routes, `/ui/forms/${name}`);
  await screen.findByRole('heading', { level: 1, name: title });
}

const submit = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
/** Picks files in an upload's hidden file input, as the browser's dialog would. */
const pick = (scope: HTMLElement, ...files: File[]) =>
  fireEvent.change(scope.querySelector('input[type="file"]')!, { target: { files } });

describe('forms pages', () => {
  it.each([
    ['checkbox', 'Checkbox'],
    ['file', 'File upload'],
    ['input', 'Input'],
    ['radio', 'Radio'],
    ['range', 'Range'],
    ['rating', 'Rating'],
    ['toggle', 'Toggle'],
  ])('/ui/forms/%s opens with its title', async (name, title) => {
    await open(name, title);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
  });

  it('input: refuses bad values with the shared messages, then accepts a valid referral', async () => {
    await open('input', 'Input');
    const form = screen.getByTestId('referral-form');
    submit(form);
    await waitFor(() => expect(within(form).getAllByText(REQUIRED)).toHaveLength(4));

    type(within(form).getByLabelText('Patient ID'), 'ab');
    type(within(form).getByLabelText('Physician’s email address'), 'nope');
    type(within(form).getByLabelText('Patient’s age'), '12');
    submit(form);
    await within(form).findByText('Enter at least 3 characters');
    await within(form).findByText('Please enter a valid email address');
    await within(form).findByText('Enter a number of at least 18');

    type(within(form).getByLabelText('Patient ID'), 'MTL-0042');
    type(within(form).getByLabelText('Referring physician'), '  Dr. Claire Dubé ');
    type(within(form).getByLabelText('Physician’s email address'), 'claire.dube@example.ca');
    type(within(form).getByLabelText('Patient’s age'), '47');
    submit(form);
    await screen.findByText(SUCCESS);
    // What the schema returns: trimmed text, defaults filled in.
    const result = screen.getByTestId('referral-form-result').textContent;
    expect(result).toContain('"referrerName": "Dr. Claire Dubé"');
    expect(result).toContain('"phone": ""');
  });

  it('checkbox: an unticked consent and no channel are refused; ticked, the form is accepted', async () => {
    await open('checkbox', 'Checkbox');
    const form = screen.getByTestId('consent-form');
    submit(form);
    await waitFor(() => expect(within(form).getAllByText(REQUIRED)).toHaveLength(2));

    fireEvent.click(within(form).getByLabelText(/The participant signed/));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Phone' }));
    submit(form);
    await screen.findByText(SUCCESS);
    // antd keeps a cleared message in the page while it fades out.
    await waitFor(() => expect(within(form).queryAllByText(REQUIRED)).toHaveLength(0));
    expect(screen.getByTestId('consent-form-result').textContent).toContain('"phone"');
  });

  it('checkbox: "select all" ticks every document and shows a dash for some', async () => {
    await open('checkbox', 'Checkbox');
    const card = screen.getByRole('heading', { level: 2, name: 'Select all' }).closest<HTMLElement>('.ant-card')!;
    const all = within(card).getByRole('checkbox', { name: 'All documents' });
    const budget = within(card).getByRole('checkbox', { name: 'Budget' }) as HTMLInputElement;
    expect(within(card).getByText('2 of 4 selected')).toBeTruthy();
    fireEvent.click(all);
    expect(within(card).getByText('4 of 4 selected')).toBeTruthy();
    expect(budget.checked).toBe(true);
    fireEvent.click(budget);
    expect(within(card).getByText('3 of 4 selected')).toBeTruthy();
    expect(all.closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');
  });

  it('range: ages outside 18 to 65 and a low pain score are refused; in range, the form is accepted', async () => {
    await open('range', 'Range');
    const form = screen.getByTestId('prescreen-form');
    submit(form);
    await waitFor(() => expect(within(form).getAllByText(REQUIRED)).toHaveLength(2));

    const age = within(form).getByLabelText('Patient’s age in years');
    type(age, '70');
    submit(form);
    await within(form).findByText('Enter a number of at most 65');
    // The slider shows the typed age: both controls hold the same value.
    expect(within(form).getByRole('slider', { name: 'Patient’s age' }).getAttribute('aria-valuenow')).toBe('70');

    const pain = within(form).getByRole('slider', { name: 'Pain score over the last week' });
    fireEvent.keyDown(pain, { key: 'ArrowRight', keyCode: 39 });
    expect(pain.getAttribute('aria-valuenow')).toBe('1');
    submit(form);
    await within(form).findByText('Enter a number of at least 4');

    type(age, '42');
    fireEvent.keyDown(pain, { key: 'End', keyCode: 35 });
    submit(form);
    await screen.findByText(SUCCESS);
    const result = screen.getByTestId('prescreen-form-result').textContent;
    expect(result).toContain('"age": 42');
    expect(result).toContain('"pain": 10');
  });

  it('file: refuses a wrong type or size with its message; lists, removes and sends valid files', async () => {
    await open('file', 'File upload');
    expect(screen.getByText(/uploading to storage comes with the document library/)).toBeTruthy();
    const form = screen.getByTestId('document-form');

    pick(form, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('notes.txt is not a PDF, PNG or JPEG file: it was not added.');
    const large = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 26 * 1024 * 1024 });
    pick(form, large);
    await screen.findByText('scan.pdf is larger than 25 MB: it was not added.');
    expect(within(form).queryByText('notes.txt')).toBeNull();
    expect(within(form).queryByText('scan.pdf')).toBeNull();

    submit(form);
    await waitFor(() => expect(within(form).getAllByText(REQUIRED)).toHaveLength(2));

    pick(
      form,
      new File(['%PDF-1.7'], 'consent-v3.pdf', { type: 'application/pdf' }),
      new File(['png'], 'checklist.png', { type: 'image/png' }),
    );
    await within(form).findByText('consent-v3.pdf');
    await within(form).findByText('checklist.png');
    fireEvent.click(within(form).getAllByRole('button', { name: /remove/i })[1]);
    await waitFor(() => expect(within(form).queryByText('checklist.png')).toBeNull());

    type(within(form).getByLabelText('Document title'), 'Signed consent, participant 0042');
    submit(form);
    await screen.findByText(SUCCESS);
    const result = screen.getByTestId('document-form-result').textContent;
    expect(result).toContain('"name": "consent-v3.pdf"');
    expect(result).toContain('"type": "application/pdf"');
    expect(result).not.toContain('checklist.png');
  });

  it('radio: both questions need an answer', async () => {
    await open('radio', 'Radio');
    const form = screen.getByTestId('triage-form');
    submit(form);
    await waitFor(() => expect(within(form).getAllByText(REQUIRED)).toHaveLength(2));
    fireEvent.click(within(form).getByRole('radio', { name: /^Urgent/ }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Video call' }));
    submit(form);
    await screen.findByText(SUCCESS);
    expect(screen.getByTestId('triage-form-result').textContent).toContain('"priority": "urgent"');
  });

  it('rating: both ratings are required, each star is named', async () => {
    await open('rating', 'Rating');
    const form = screen.getByTestId('visit-rating-form');
    submit(form);
    await waitFor(() => expect(within(form).getAllByText(REQUIRED)).toHaveLength(2));
    fireEvent.click(
      within(within(form).getByRole('list', { name: 'Overall' })).getByRole('radio', { name: '4 stars' }),
    );
    fireEvent.click(within(form).getByRole('radio', { name: 'Very good' }));
    submit(form);
    await screen.findByText(SUCCESS);
    const result = screen.getByTestId('visit-rating-form-result').textContent;
    expect(result).toContain('"overall": 4');
    expect(result).toContain('"organisation": 4');
  });

  it('toggle: the reminder address appears with its switch and is then required', async () => {
    await open('toggle', 'Toggle');
    const form = screen.getByTestId('site-form');
    expect(within(form).queryByLabelText('Reminder address')).toBeNull();
    type(within(form).getByLabelText('Site name'), 'CHUM');
    fireEvent.click(within(form).getByRole('switch', { name: 'Send visit reminders' }));
    const address = await within(form).findByLabelText('Reminder address');
    submit(form);
    await within(form).findByText(REQUIRED);
    type(address, 'not-an-address');
    await within(form).findByText('Please enter a valid email address');
    type(address, 'rappels@chum.example.ca');
    submit(form);
    await screen.findByText(SUCCESS);

    // Off again, the address leaves the form and is no longer asked for.
    fireEvent.click(within(form).getByRole('switch', { name: 'Send visit reminders' }));
    await waitFor(() => expect(within(form).queryByLabelText('Reminder address')).toBeNull());
    submit(form);
    await waitFor(() => expect(screen.getByTestId('site-form-result').textContent).not.toContain('reminderEmail'));
  });

  it('in French, the page and its validation messages are French, and they follow a language switch', async () => {
    await open('checkbox', 'Checkbox');
    const form = screen.getByTestId('consent-form');
    submit(form);
    await waitFor(() => expect(within(form).getAllByText(REQUIRED)).toHaveLength(2));

    await act(() => i18n.changeLanguage('fr'));
    await screen.findByRole('heading', { level: 1, name: 'Case à cocher' });
    await waitFor(() => expect(within(form).getAllByText('Ce champ est obligatoire')).toHaveLength(2));
    await waitFor(() => expect(within(form).queryAllByText(REQUIRED)).toHaveLength(0));
    expect(within(form).getByRole('button', { name: 'Soumettre' })).toBeTruthy();
  });
});
