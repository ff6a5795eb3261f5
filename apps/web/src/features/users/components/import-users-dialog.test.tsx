import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportUsersResult } from '@vbuilder/shared';
import { answer, answerError, receivedQuery, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { flush } from '../../../test/timers.ts';
import { IMPORT_MAX_BYTES } from '../lib/csv.ts';
import { makeViewer, ORGANIZATION_ID } from '../test-utils.ts';
import { ImportUsersDialog } from './import-users-dialog.tsx';

const csv = (text = 'name,email\nA,a@school.test\n', name = 'students.csv') =>
  new File([text], name, { type: 'text/csv' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = async (file: File) => {
  fireEvent.change(fileInput(), { target: { files: [file] } });
  await flush();
};

async function renderDialog(props: { organizationId?: string } = {}) {
  const onClose = vi.fn();
  await renderWithProviders(<ImportUsersDialog opened onClose={onClose} viewer={makeViewer()} {...props} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Import students from CSV' }) };
}

describe('ImportUsersDialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers a template CSV with the header name,email,phone', async () => {
    const { dialog } = await renderDialog();
    const link = within(dialog).getByRole('link', { name: 'Download the CSV template' });
    expect(link).toHaveAttribute('download', 'students-template.csv');
    const href = link.getAttribute('href')!;
    expect(href.startsWith('data:text/csv')).toBe(true);
    expect(decodeURIComponent(href.split(',').slice(1).join(','))).toBe('name,email,phone\n');
  });

  it('sends the file and reports created and rejected rows with translated reasons', async () => {
    const { dialog } = await renderDialog({ organizationId: ORGANIZATION_ID });
    expect(within(dialog).getByRole('button', { name: 'Import students' })).toBeDisabled();
    await pick(csv());
    expect(within(dialog).getByText('students.csv')).toBeInTheDocument();

    const result: ImportUsersResult = {
      created: [
        { row: 2, id: 'u1', email: 'a@school.test' },
        { row: 5, id: 'u2', email: 'e@school.test' },
      ],
      rejected: [
        { row: 3, email: 'not-an-email', reasons: ['validation.emailInvalid'] },
        { row: 4, email: 'taken@school.test', reasons: ['email_taken', 'duplicate_in_file'] },
        { row: 6, email: null, reasons: ['validation.nameRequired', 'validation.emailInvalid'] },
      ],
    };
    server.use(answer('post', '/users/import', result));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import students' }));
    await flush();

    expect(receivedQuery('POST', '/users/import')).toEqual({
      organizationId: ORGANIZATION_ID,
      language: 'en',
    });
    // An upload (multipart form data); its parts are not readable under jsdom.
    expect(receivedRequests('POST', '/users/import')[0]!.headers.get('content-type')).toMatch(
      /^multipart\/form-data; boundary=/,
    );

    expect(within(dialog).getByText('2 students added')).toBeInTheDocument();
    expect(within(dialog).getByText('3 rows were not imported')).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Rows not imported' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('rowheader', { name: '3' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('An account with this email already exists.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('This email appears more than once in the file.')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('no email')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Please enter a name.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import another file' }));
    expect(within(dialog).getByRole('button', { name: 'Import students' })).toBeDisabled();
  });

  it('refuses a file over 1 MB or not a CSV before sending it', async () => {
    const { dialog } = await renderDialog();
    await pick(csv('x'.repeat(IMPORT_MAX_BYTES + 1)));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The file is too large.');
    await pick(new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This type of file is not supported.');
    expect(within(dialog).getByRole('button', { name: 'Import students' })).toBeDisabled();
    expect(receivedRequests()).toEqual([]);
  });

  it('shows why the server refused the whole file', async () => {
    const { dialog } = await renderDialog();
    await pick(csv('mail,who\n'));
    server.use(answerError('post', '/users/import', 400, 'csv_header_invalid'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import students' }));
    await flush();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The first row of the file must name the columns: name, email and optionally phone.',
    );
  });
});
