import { useMutation } from '@tanstack/react-query';
import {
  CertificateResponseSchema,
  GiveCertificatesResponseSchema,
  type GiveCertificatesBody,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

const certificatePath = (id: string) => `/certificates/${encodeURIComponent(id)}`;

/** POST /certificates: named students, or everyone who passed (Administrators). */
export const giveCertificates = (body: GiveCertificatesBody) =>
  api.post('/certificates', body, GiveCertificatesResponseSchema);

export function useGiveCertificates() {
  return useMutation({
    mutationFn: giveCertificates,
    meta: { silent: true, invalidates: [certificateKeys.lists()] },
  });
}

/** POST /certificates/:id/revoke with the reason. */
export const revokeCertificate = ({ id, reason }: { id: string; reason: string }) =>
  api.post(`${certificatePath(id)}/revoke`, { reason }, CertificateResponseSchema);

export function useRevokeCertificate() {
  return useMutation({
    mutationFn: revokeCertificate,
    meta: { silent: true, invalidates: [certificateKeys.lists()] },
  });
}

/** POST /certificates/:id/reissue: a new certificate (new code) replaces this one. */
export const reissueCertificate = ({ id, reason }: { id: string; reason?: string }) =>
  api.post(`${certificatePath(id)}/reissue`, reason ? { reason } : {}, CertificateResponseSchema);

export function useReissueCertificate() {
  return useMutation({
    mutationFn: reissueCertificate,
    meta: { silent: true, invalidates: [certificateKeys.lists()] },
  });
}

/** The files of a certificate, fetched with the bearer token (a plain link would carry none). */
export const CERTIFICATE_FILES = {
  pdf: { path: 'pdf', extension: 'pdf' },
  /** The Open Badge as a picture with the credential baked in (the one a wallet or a profile takes). */
  badge: { path: 'badge.png', extension: 'png' },
} as const;
export type CertificateFileKind = keyof typeof CERTIFICATE_FILES;

export const downloadCertificateFile = (id: string, kind: CertificateFileKind) =>
  api.downloadFile(`${certificatePath(id)}/${CERTIFICATE_FILES[kind].path}`);
