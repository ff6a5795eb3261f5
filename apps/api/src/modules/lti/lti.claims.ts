/**
 * Names from the 1EdTech specifications the tool reads and writes: LTI Core 1.3 §5.3–5.4 (the
 * message claims), Deep Linking 2.0, Dynamic Registration 1.0 §3.3–3.6 (the configurations).
 */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';

export const LTI_CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  launchPresentation: `${LTI}launch_presentation`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
} as const;

export const LTI_VERSION = '1.3.0';
export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type LtiMessageType = (typeof MESSAGE_TYPES)[number];

export const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
export const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

/** The service scopes the tool asks for at registration (AGS 2.0 §3.1, NRPS 2.0 §3.6.1). */
export const TOOL_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
] as const;
