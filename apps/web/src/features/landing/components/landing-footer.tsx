import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../../../components/layout/brand.tsx';
import { useExternalLinks } from '../../../components/layout/use-external-links.ts';

/**
 * Product links: the sister learning platform and the support site (as configured on the server,
 * GET /api/auth/config; left out when not configured), and the public certificate check.
 */
export function LandingFooter() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  const { learningPlatformUrl, supportUrl } = useExternalLinks();
  const external = [
    { href: learningPlatformUrl, label: tc('topBar.learningPlatform') },
    { href: supportUrl, label: tc('topBar.support') },
  ];

  return (
    <Box component="footer" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" px="md" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap="xs" maw={360}>
            <Brand size="sm" />
            <Text fz="sm" c="gray.7">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <nav aria-label={t('footer.products')}>
            <Group component="ul" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
              {external.map(({ href, label }) =>
                href ? (
                  <li key={label}>
                    <Anchor
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      fz="sm"
                      c="gray.8"
                      aria-label={`${label} ${tc('newTab')}`}
                    >
                      {label}
                    </Anchor>
                  </li>
                ) : null,
              )}
              <li>
                <Anchor component={Link} to="/verify" fz="sm" c="gray.8">
                  {t('footer.verify')}
                </Anchor>
              </li>
            </Group>
          </nav>
        </Group>
        <Text fz="xs" c="gray.7" mt="lg">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
