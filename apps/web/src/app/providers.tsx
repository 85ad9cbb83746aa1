import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as TI18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { CurrentUserProvider, type TCurrentUser } from '../features/auth/current-user';
import { AlertProvider } from '../shared/AlertProvider';
import { DemoModeProvider } from '../shared/DemoModeProvider';
import { theme } from './theme';

/** Server state is cached per query; a refocused window does not reload a page of 1000 results. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
}

export type TAppProvidersProps = {
  queryClient: QueryClient;
  i18n: TI18n;
  /** 'test' turns off Mantine's transitions and portals, so tests see dropdowns at once. */
  env?: 'default' | 'test';
  /** A signed-in user for tests; the app gets its user from the sign-in provider instead. */
  testUser?: TCurrentUser | null;
  children: ReactNode;
};

/** The user tests render as: signed in with the product role. */
export const TEST_USER: TCurrentUser = {
  id: '7f0c1e4e-2d0a-4c1e-9a57-2b1f2c3d4e5f',
  email: 'test.buyer@example.org',
  name: 'Test Buyer',
  roles: ['DSM_USER'],
};

/** Theme, server state, translations, demo mode and the global alert, shared by the app and its tests. */
export function AppProviders({ queryClient, i18n, env = 'default', testUser, children }: TAppProvidersProps) {
  const content =
    testUser === undefined ? children : <CurrentUserProvider user={testUser}>{children}</CurrentUserProvider>;
  return (
    <MantineProvider theme={theme} env={env}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <DemoModeProvider>
            <AlertProvider>{content}</AlertProvider>
          </DemoModeProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
