import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Certificate, GiveCertificatesResponse } from '@vbuilder/shared';
import {
  answer,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedBody,
  receivedQuery,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import {
  administrator,
  ASSESSMENT_ID,
  assessmentList,
  listOf,
  makeAssessmentSummary,
  makeCertificate,
  makeTemplate,
  OTHER_ASSESSMENT_ID,
  renderCertificates,
  student,
  STUDENTS,
  studentStatus,
  teacher,
} from '../test-utils.tsx';
import { CertificatesScreen } from './certificates-screen.tsx';
import { toastTexts } from '../../../test/toasts.ts';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/account/certifications/:userId';

const amina = makeCertificate();
const revoked = makeCertificate({
  id: 'c0000000-0000-4000-8000-000000000002',
  code: 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
  holder: { id: STUDENTS.budi.id, name: STUDENTS.budi.name },
  status: 'revoked',
  revokedAt: '2026-11-22T09:00:00.000Z',
  revokeReason: 'Marked in error',
});

function serveAdmin(certificates: Certificate[] = [amina, revoked]) {
  server.use(
    // Filtered by status as the server would, so the give dialog sees who holds a live one.
    http.get(apiUrl('/certificates'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(listOf(certificates.filter((c) => !status || c.status === status)));
    }),
    answer(
      'get',
      '/assessments',
      assessmentList([
        makeAssessmentSummary(),
        makeAssessmentSummary({ id: OTHER_ASSESSMENT_ID, title: 'Cells and tissues' }),
      ]),
    ),
  );
}

/** The students of the assessment: Amina passed (and holds one), Budi and Dara passed, Chen failed. */
function serveGiveOptions() {
  server.use(
    answer('get', `/assessments/${ASSESSMENT_ID}/students`, [
      studentStatus(STUDENTS.amina, 86),
      studentStatus(STUDENTS.budi, 70),
      studentStatus(STUDENTS.chen, 30),
      studentStatus(STUDENTS.dara, 95),
    ]),
  );
}

const given = (certificates: Certificate[], alreadyGiven: string[] = []): GiveCertificatesResponse => ({
  data: certificates,
  alreadyGiven,
});

const renderAdmin = (route = `/account/certifications/admin-1`) =>
  renderCertificates(<CertificatesScreen viewer={administrator()} userId="admin-1" />, route, PATH);

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Certificates of your organization, newest first' });
  return (await within(table).findByRole('rowheader', { name })).closest('tr')!;
};

beforeEach(() => {
  vi.spyOn(notifications, 'show');
});

describe('the Administrator', () => {
  it("lists the organization's certificates with status, code and issuer, filtered and searched on the server", async () => {
    serveAdmin();
    await renderAdmin();
    const valid = await rowOf('Amina Hassan');
    expect(valid).toHaveTextContent('Photosynthesis check');
    expect(valid).toHaveTextContent('Valid');
    expect(valid).toHaveTextContent(amina.code);
    expect(valid).toHaveTextContent('Ada Admin');
    const gone = await rowOf('Budi Santoso');
    expect(gone).toHaveTextContent('Revoked');
    expect(screen.getByText('2 certificates given')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Revoked', hidden: true }));
    await waitFor(() =>
      expect(receivedQuery('GET', '/certificates', -1)).toMatchObject({ status: 'revoked' }),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Budi' } });
    await waitFor(() =>
      expect(receivedQuery('GET', '/certificates', -1)).toMatchObject({ status: 'revoked', search: 'Budi' }),
    );
  });

  it('gives a certificate to everyone who passed, showing who passed and who already has one', async () => {
    serveAdmin();
    serveGiveOptions();
    server.use(
      answer(
        'post',
        '/certificates',
        given([makeCertificate({ id: 'n1' }), makeCertificate({ id: 'n2' })], [STUDENTS.amina.id]),
        {
          status: 201,
        },
      ),
    );
    await renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Give certificates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give certificates' });
    fireEvent.click(within(dialog).getByLabelText('Assessment', { selector: 'input' }));
    fireEvent.click(
      await within(dialog).findByRole('option', { name: 'Photosynthesis check', hidden: true }),
    );

    expect(
      await within(dialog).findByText('Passed: 3. Without a certificate yet: 2.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 more student has not passed.', { exact: false })).toBeInTheDocument();
    const list = within(dialog).getByRole('group', { name: 'Students who passed' });
    expect(within(list).getByText('Has a certificate')).toBeInTheDocument();
    expect(within(list).getAllByText('Will get one')).toHaveLength(2);
    expect(within(list).queryByText(/Chen Wei/)).toBeNull();
    // Choosing: the one who already holds a certificate cannot be ticked.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Only the students I choose' }));
    expect(within(list).getByRole('checkbox', { name: /Amina Hassan/ })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Everyone who passed \(2 students\)/ }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Give certificates' }));
    await waitFor(() => expect(receivedRequests('POST', '/certificates')).toHaveLength(1));
    expect(await receivedBody('POST', '/certificates')).toEqual({
      assessmentId: ASSESSMENT_ID,
      allPassed: true,
    });
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Certificates given | 2 students received a certificate for Photosynthesis check. 1 student already had one.',
      ),
    );
  });

  it('gives one student, then several, a certificate: the ticked students are sent', async () => {
    serveAdmin();
    serveGiveOptions();
    server.use(answer('post', '/certificates', given([makeCertificate({ id: 'n1' })]), { status: 201 }));
    // Opened from the submissions screen: preset to the assessment.
    await renderAdmin(`/account/certifications/admin-1?give=${ASSESSMENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Give certificates' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Only the students I choose' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Budi Santoso/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give to 1 student' }));
    await waitFor(() => expect(receivedRequests('POST', '/certificates')).toHaveLength(1));
    expect(await receivedBody('POST', '/certificates')).toEqual({
      assessmentId: ASSESSMENT_ID,
      studentIds: [STUDENTS.budi.id],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Give certificates' }));
    const again = await screen.findByRole('dialog', { name: 'Give certificates' });
    fireEvent.click(await within(again).findByRole('radio', { name: 'Only the students I choose' }));
    fireEvent.click(within(again).getByRole('checkbox', { name: /Budi Santoso/ }));
    fireEvent.click(within(again).getByRole('checkbox', { name: /Dara Sok/ }));
    fireEvent.click(within(again).getByRole('button', { name: 'Give to 2 students' }));
    await waitFor(() => expect(receivedRequests('POST', '/certificates')).toHaveLength(2));
    expect(await receivedBody('POST', '/certificates', 1)).toEqual({
      assessmentId: ASSESSMENT_ID,
      studentIds: [STUDENTS.budi.id, STUDENTS.dara.id],
    });
  });

  it('says why the server refused; the automatic rule is no longer switched here', async () => {
    serveAdmin();
    serveGiveOptions();
    server.use(answerError('post', '/certificates', 409, 'certificate_already_given'));
    await renderAdmin(`/account/certifications/admin-1?give=${ASSESSMENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Give certificates' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Give certificates' })).toBeEnabled(),
    );
    // The switch lives in the assessment's settings and saves with them.
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Give certificates' }));
    expect(
      await within(dialog).findByText(
        'One or more of these students already hold a certificate for this assessment.',
      ),
    ).toBeInTheDocument();
    expect(receivedRequests('PUT', `/certificates/rules/${ASSESSMENT_ID}`)).toHaveLength(0);
  });

  it('revokes a certificate with a reason, after confirming', async () => {
    serveAdmin();
    server.use(
      answer('post', `/certificates/${amina.id}/revoke`, {
        data: {
          ...amina,
          status: 'revoked',
          revokedAt: '2026-11-25T09:00:00.000Z',
          revokeReason: 'Copied answers',
        },
      }),
    );
    await renderAdmin();
    const row = await rowOf('Amina Hassan');
    fireEvent.click(within(row).getByRole('button', { name: "Actions for Amina Hassan's certificate" }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: "Revoke Amina Hassan's certificate?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));
    expect(await within(dialog).findByText('Enter the reason for revoking.')).toBeInTheDocument();
    expect(receivedRequests('POST', `/certificates/${amina.id}/revoke`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Copied answers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));
    await waitFor(() => expect(receivedRequests('POST', `/certificates/${amina.id}/revoke`)).toHaveLength(1));
    expect(await receivedBody('POST', `/certificates/${amina.id}/revoke`)).toEqual({
      reason: 'Copied answers',
    });
    await waitFor(() =>
      expect(toastTexts()).toContain(
        "Certificate revoked | Amina Hassan's certificate for Photosynthesis check is revoked.",
      ),
    );
    // The list is loaded again (meta.invalidates).
    await waitFor(() => expect(receivedRequests('GET', '/certificates').length).toBeGreaterThan(1));
  });

  it('reissues a certificate; a revoked one offers no revoke', async () => {
    serveAdmin();
    server.use(
      answer(
        'post',
        `/certificates/${revoked.id}/reissue`,
        { data: makeCertificate({ id: 'n3' }) },
        { status: 201 },
      ),
    );
    await renderAdmin();
    const row = await rowOf('Budi Santoso');
    fireEvent.click(within(row).getByRole('button', { name: "Actions for Budi Santoso's certificate" }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Revoke' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Reissue' }));
    const dialog = await screen.findByRole('dialog', { name: "Reissue Budi Santoso's certificate?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reissue certificate' }));
    await waitFor(() =>
      expect(receivedRequests('POST', `/certificates/${revoked.id}/reissue`)).toHaveLength(1),
    );
    expect(await receivedBody('POST', `/certificates/${revoked.id}/reissue`)).toEqual({});
  });

  it('edits the template with a live preview: placeholders inserted by buttons, filled in the preview', async () => {
    serveAdmin([]);
    server.use(
      answer('get', '/certificates/template', { data: makeTemplate() }),
      answer('put', '/certificates/template', {
        data: makeTemplate({ id: 't1', updatedAt: '2026-11-25T09:00:00.000Z' }),
      }),
    );
    await renderAdmin();
    expect(await screen.findByText('No certificates given yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Template' }));
    const preview = await screen.findByRole('figure', { name: 'Certificate preview' });
    expect(preview).toHaveTextContent('Certificate of Achievement');
    expect(preview).toHaveTextContent('Amina Hassan passed Photosynthesis check with 18 / 20 (90%) on');
    expect(preview).toHaveTextContent('Ada AdminHead of School');

    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), {
      target: { value: 'Diploma of Biology' },
    });
    expect(preview).toHaveTextContent('Diploma of Biology');

    const body = screen.getByRole('textbox', { name: /Text/ });
    fireEvent.change(body, { target: { value: 'Well done, ' } });
    (body as HTMLTextAreaElement).setSelectionRange(11, 11);
    fireEvent.click(screen.getByRole('button', { name: 'Student name' }));
    expect(body).toHaveValue('Well done, {student}');
    expect(preview).toHaveTextContent('Well done, Amina Hassan');
    fireEvent.click(screen.getByRole('button', { name: 'Organization' }));
    expect(preview).toHaveTextContent('Well done, Amina HassanHill School');

    fireEvent.change(screen.getByRole('textbox', { name: 'Signatory name' }), {
      target: { value: 'Grace Hopper' },
    });
    expect(preview).toHaveTextContent('Grace Hopper');

    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(receivedRequests('PUT', '/certificates/template')).toHaveLength(1));
    expect(await receivedBody('PUT', '/certificates/template')).toEqual({
      title: 'Diploma of Biology',
      body: 'Well done, {student}{organization}',
      signatoryName: 'Grace Hopper',
      signatoryTitle: 'Head of School',
      primaryColor: '#1e3a8a',
      accentColor: '#b45309',
    });
  });
  it('uploads the logo as multipart, refuses another type before sending, and shows it in the preview', async () => {
    const createObjectURL = vi.fn(() => 'blob:logo');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    serveAdmin([]);
    const withLogo = makeTemplate({ logoKey: 'logos/1.png', logoUrl: '/api/certificates/template/logo' });
    server.use(
      answer('get', '/certificates/template', { data: makeTemplate() }, { once: true }),
      answer('get', '/certificates/template', { data: withLogo }),
      answer('put', '/certificates/template/logo', { data: withLogo }),
      http.get(
        apiUrl('/certificates/template/logo'),
        () =>
          new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
      ),
    );
    await renderAdmin();
    fireEvent.click(await screen.findByRole('tab', { name: 'Template' }));
    await screen.findByRole('figure', { name: 'Certificate preview' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await act(async () => {
      fireEvent.change(input, {
        target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] },
      });
    });
    expect(await screen.findByText('The logo must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(receivedRequests('PUT', '/certificates/template/logo')).toHaveLength(0);

    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(receivedRequests('PUT', '/certificates/template/logo')).toHaveLength(1));
    const [request] = receivedRequests('PUT', '/certificates/template/logo');
    expect(request!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute('src', 'blob:logo');
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();
  });
});

describe('the Student', () => {
  it('sees their certificates with date and status, downloads the PDF and the Open Badge, copies the link', async () => {
    const createObjectURL = vi.fn(() => 'blob:certificate');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(
      answer(
        'get',
        '/certificates',
        listOf([
          amina,
          {
            ...revoked,
            holder: amina.holder,
            assessment: { id: OTHER_ASSESSMENT_ID, title: 'Cells and tissues' },
          },
        ]),
      ),
      http.get(
        apiUrl(`/certificates/${amina.id}/pdf`),
        () =>
          new HttpResponse('%PDF-1.7', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="certificate.pdf"',
            },
          }),
      ),
      http.get(
        apiUrl(`/certificates/${amina.id}/badge.png`),
        () =>
          new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
            headers: { 'Content-Type': 'image/png' },
          }),
      ),
    );
    await renderCertificates(
      <CertificatesScreen viewer={student()} userId={STUDENTS.amina.id} />,
      `/account/certifications/${STUDENTS.amina.id}`,
      PATH,
    );
    const table = await screen.findByRole('table', { name: 'Your certificates, newest first' });
    const row = (await within(table).findByRole('rowheader', { name: /^Photosynthesis check/ })).closest(
      'tr',
    )!;
    expect(row).toHaveTextContent('Hill School');
    expect(row).toHaveTextContent('Nov 20, 2026');
    expect(row).toHaveTextContent('86%');
    expect(row).toHaveTextContent('Valid');
    const other = within(table)
      .getByRole('rowheader', { name: /^Cells and tissues/ })
      .closest('tr')!;
    expect(other).toHaveTextContent('Revoked');
    expect(other).toHaveTextContent('On Nov 22, 2026');
    expect(screen.queryByRole('button', { name: 'Give certificates' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Download the PDF of Photosynthesis check' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(receivedRequests('GET', `/certificates/${amina.id}/pdf`)).toHaveLength(1);
    fireEvent.click(
      within(row).getByRole('button', { name: 'Download the Open Badge (PNG) of Photosynthesis check' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(receivedRequests('GET', `/certificates/${amina.id}/badge.png`)).toHaveLength(1);

    // "Add to LinkedIn" opens LinkedIn's form filled with the certificate; a revoked one has none.
    const linkedIn = within(row).getByRole('link', {
      name: 'Add Photosynthesis check to your LinkedIn profile',
    });
    const added = new URL(linkedIn.getAttribute('href')!);
    expect(added.origin + added.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(added.searchParams.get('name')).toBe('Photosynthesis check');
    expect(added.searchParams.get('organizationName')).toBe('Hill School');
    expect(added.searchParams.get('certUrl')).toBe(amina.verificationUrl);
    expect(added.searchParams.get('certId')).toBe(amina.code);
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(within(other).queryByRole('link', { name: /LinkedIn/ })).toBeNull();

    fireEvent.click(
      within(row).getByRole('button', { name: 'Copy the verification link of Photosynthesis check' }),
    );
    await waitFor(() =>
      expect(toastTexts()).toContain(`Verification link copied | ${amina.verificationUrl}`),
    );
  });

  it('is told when nothing has been earned yet', async () => {
    server.use(answer('get', '/certificates', listOf([])));
    await renderCertificates(
      <CertificatesScreen viewer={student()} userId={STUDENTS.amina.id} />,
      `/account/certifications/${STUDENTS.amina.id}`,
      PATH,
    );
    expect(await screen.findByText("You haven't earned any certificates yet.")).toBeInTheDocument();
  });
});

describe('refusals (docs/product/messages.md)', () => {
  it("refuses a Teacher with 'Authentication Error' and calls nothing", async () => {
    await renderCertificates(
      <CertificatesScreen viewer={teacher()} userId="teacher-1" />,
      '/account/certifications/teacher-1',
      PATH,
    );
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(receivedRequests()).toHaveLength(0);
  });

  it("shows 'Unable to load user data' under another user's id, with a way to one's own", async () => {
    await renderCertificates(
      <CertificatesScreen viewer={student()} userId="someone-else" />,
      '/account/certifications/someone-else',
      PATH,
    );
    expect(await screen.findByRole('heading', { name: 'Unable to load user data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my certificates' })).toHaveAttribute(
      'href',
      `/account/certifications/${STUDENTS.amina.id}`,
    );
    expect(receivedRequests()).toHaveLength(0);
  });

  it("shows 'Unable to load user data' without a signed-in user", async () => {
    await renderCertificates(
      <CertificatesScreen viewer={null} userId="admin-1" />,
      '/account/certifications/admin-1',
      PATH,
    );
    expect(await screen.findByRole('heading', { name: 'Unable to load user data' })).toBeInTheDocument();
  });
});
