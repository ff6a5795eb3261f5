import { Box, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { LIMITS, PASSWORD_MIN_SCORE, type PasswordOwner, type WeakPasswordIssue } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { usePasswordEvaluation } from '../password/estimator.ts';

/** The estimator's 0–4, named. */
const LEVELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;
const BAR_COLORS = ['red.8', 'red.8', 'orange.7', 'teal.7', 'teal.7'] as const;
const SEGMENTS = 4;

interface Props {
  password: string;
  /** Who the password is for, as far as the screen knows (the server adds what it knows). */
  owner?: PasswordOwner;
  /** The server's reasons, when it refused this very password. */
  refused?: WeakPasswordIssue | null;
}

/**
 * The strength meter under a new password, by the policy the API enforces (the shared estimator,
 * loaded with this screen): the minimum length, the level in words, and while the password is too
 * easy to guess, why and what to change. It is the field's description (spans only: Mantine puts
 * it in a <p>), so a screen reader reads it with the field, and its verdict is a polite live region.
 */
export function PasswordStrength({ password, owner, refused }: Props) {
  const { t } = useTranslation(['accounts', 'validation']);
  const evaluation = usePasswordEvaluation(password, owner);
  const judged = refused ?? evaluation;
  const typed = password.length > 0;
  const longEnough = password.length >= LIMITS.passwordMin;
  const score = typed ? (judged?.score ?? null) : null;
  const filled = score === null ? 0 : Math.max(1, score);
  const level = (value: number) => t(`accounts:password.strength.${LEVELS[value]!}`);
  const explain = score !== null && score < PASSWORD_MIN_SCORE && (longEnough || !!refused);

  return (
    <Box component="span" display="block" mt={6}>
      <Box component="span" aria-hidden style={{ display: 'flex', gap: 4 }}>
        {Array.from({ length: SEGMENTS }, (_, index) => (
          <Box
            key={index}
            component="span"
            h={4}
            bg={index < filled ? BAR_COLORS[score!] : 'gray.3'}
            style={{ flex: 1, borderRadius: 2 }}
          />
        ))}
      </Box>
      <Box
        component="span"
        mt={6}
        style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}
      >
        <Text
          component="span"
          size="xs"
          c={longEnough ? 'teal.9' : 'gray.7'}
          style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
        >
          {longEnough ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
          {t('accounts:password.minLength', { count: LIMITS.passwordMin })}
        </Text>
        <Text component="span" size="xs" fw={600} c="gray.8" aria-live="polite">
          {!typed
            ? null
            : score === null
              ? t('accounts:password.checking')
              : t('accounts:password.level', { level: level(score) })}
        </Text>
      </Box>
      {explain ? (
        <Box component="span" display="block" mt={6} aria-live="polite">
          {judged?.warning ? (
            <Text
              component="span"
              size="xs"
              c="red.9"
              style={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}
            >
              <IconAlertTriangle size={14} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
              {t(`validation:validation.passwordWarnings.${judged.warning}`)}
            </Text>
          ) : null}
          {judged?.suggestions.map((suggestion) => (
            <Text key={suggestion} component="span" size="xs" c="gray.8" display="block" pl={18}>
              {t(`validation:validation.passwordSuggestions.${suggestion}`)}
            </Text>
          ))}
          <Text component="span" size="xs" c="gray.8" display="block" pl={18}>
            {t('accounts:password.needed', { level: level(PASSWORD_MIN_SCORE) })}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
