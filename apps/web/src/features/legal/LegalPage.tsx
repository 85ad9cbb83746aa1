import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { legalTextsFor, type TLegalPage } from './texts';
import { useOperator } from './use-operator';

/**
 * Impressum, privacy policy and terms, open to everyone. German and English have their own texts;
 * other languages show the English text, marked with its language and a note, since the German
 * text is the one that prevails.
 */
export function LegalPage({ page }: { page: TLegalPage }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const { texts, language, isFallback } = legalTextsFor(i18n.resolvedLanguage ?? i18n.language);

  if (operator.isPending) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>{t(`legal.${page}`)}</Title>
        <Loader role="status" mt="md" aria-label={t('legal.loading')} />
      </Container>
    );
  }
  if (operator.isError) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>{t(`legal.${page}`)}</Title>
        <Alert mt="md" color="red" variant="light" role="alert">
          {t('errors.network')}
        </Alert>
      </Container>
    );
  }
  const document = texts[page](operator.data);
  return (
    <Container size="md" py="xl" data-testid={`legal-${page}`}>
      <Stack gap="md">
        {isFallback && (
          <Alert variant="light" data-testid="legal-fallback-note">
            {t('legal.fallbackNote')}
          </Alert>
        )}
        {page === 'impressum' && operator.data.isDemo && (
          <Alert variant="light" color="orange" data-testid="legal-demo-note">
            {t('legal.demoOperator')}
          </Alert>
        )}
        <article lang={language}>
          <Title order={1}>{document.title}</Title>
          {document.version && (
            <Text c="gray.7" size="sm" mt={4}>
              {document.version}
            </Text>
          )}
          {document.sections.map((section) => (
            <section key={section.heading}>
              <Title order={2} size="h4" mt="lg" mb="xs">
                {section.heading}
              </Title>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} mb="xs">
                  {paragraph}
                </Text>
              ))}
            </section>
          ))}
        </article>
      </Stack>
    </Container>
  );
}
