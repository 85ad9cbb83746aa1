import { Anchor, AppShell, Badge, Group, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { changeLanguage, LANGUAGES, type TLanguage } from '../i18n';
import { useDemoMode } from '../shared/demo-mode';

const LANGUAGE_NAMES: Record<TLanguage, string> = { de: 'Deutsch', en: 'English' };

/** Navbar, page and footer around every route. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const { isDemoMode } = useDemoMode();
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 52 }} padding={0}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/" aria-label={t('app.title')}>
            <Group gap={8} wrap="nowrap">
              <IconDatabase size={26} color="var(--mantine-primary-color-filled)" aria-hidden />
              <Text fw={700} size="lg">
                {t('app.title')}
              </Text>
              {isDemoMode && (
                <Badge color="orange" variant="filled" size="sm" data-testid="demo-marker">
                  {t('app.demo')}
                </Badge>
              )}
            </Group>
          </UnstyledButton>
          <NativeSelect
            aria-label={t('app.language')}
            size="xs"
            value={i18n.language}
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            onChange={(event) => changeLanguage(event.currentTarget.value as TLanguage)}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" style={{ paddingBottom: 72 }}>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="gray.7">
            {t('footer.copyright')}
          </Text>
          <Group gap="md" component="nav" aria-label={t('footer.legalLinks')}>
            <Anchor component={Link} to="/impressum" size="xs">
              {t('footer.impressum')}
            </Anchor>
            <Anchor component={Link} to="/dataProtection" size="xs">
              {t('footer.dataProtection')}
            </Anchor>
            <Anchor component={Link} to="/terms" size="xs">
              {t('footer.terms')}
            </Anchor>
          </Group>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
