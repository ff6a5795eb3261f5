import { act, fireEvent, screen } from '@testing-library/react';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerErrorAlert } from '../../components/forms/server-error-alert.tsx';
import { renderWithProviders } from '../../test/providers.tsx';
import { deferred, elapse, flush } from '../../test/timers.ts';
import { ApiError } from '../api-client.ts';
import { useSchemaForm } from './use-schema-form.ts';

const Schema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired'),
  email: z.string().email('validation.emailInvalid'),
});

function Form({ submit }: { submit: (request: z.infer<typeof Schema>) => Promise<void> }) {
  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: { name: '', email: '' },
    schema: Schema,
    codeFields: { email_taken: 'email' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <label>
        Name
        <input {...form.getInputProps('name')} />
      </label>
      <label>
        Email
        <input {...form.getInputProps('email')} />
      </label>
      {['name', 'email'].map((field) =>
        form.errors[field] ? <p key={field}>{form.getInputProps(field).error}</p> : null,
      )}
      <ServerErrorAlert code={serverError} />
      <button type="submit">Save</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

describe('useSchemaForm', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 0;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('checks a field a moment after it is left, and only once it was changed', async () => {
    await renderWithProviders(<Form submit={vi.fn()} />);
    fireEvent.blur(screen.getByLabelText('Name'));
    await elapse(500);
    expect(screen.queryByText('Please enter a name.')).not.toBeInTheDocument();

    type('Email', 'ada@');
    fireEvent.blur(screen.getByLabelText('Email'));
    await elapse(100);
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    await elapse(100);
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a name.')).not.toBeInTheDocument();
  });

  it('shows translated errors, focuses the first invalid field and sends nothing', async () => {
    const send = vi.fn();
    await renderWithProviders(<Form submit={send} />);
    submit();
    await flush();
    expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the schema output once, however often submit is pressed', async () => {
    const call = deferred<void>();
    const send = vi.fn(() => call.promise);
    await renderWithProviders(<Form submit={send} />);
    type('Name', '  Ada ');
    type('Email', 'ada@school.test');
    submit();
    submit();
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@school.test' }, expect.anything());
    await act(async () => call.resolve());
  });

  it("puts the server's word on the fields it concerns, and keeps it when the field is left", async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'email_taken', 'taken'))
      .mockRejectedValueOnce(
        new ApiError(400, 'validation_error', 'bad', [
          { path: ['name'], message: 'validation.nameRequired' },
        ]),
      )
      .mockRejectedValueOnce(new TypeError('boom'));
    await renderWithProviders(<Form submit={send} />);
    type('Name', 'Ada');
    type('Email', 'ada@school.test');

    fireEvent.blur(screen.getByLabelText('Email'));
    submit();
    await flush();
    expect(screen.getByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await elapse(500);
    expect(screen.getByText('An account with this email already exists.')).toBeInTheDocument();

    // Field errors from the server's check, with the alert that says why.
    submit();
    await flush();
    expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some of the information is not valid.');

    submit();
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });
});
