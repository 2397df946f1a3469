import { PageMeta } from '../../components/page-meta';
import { SITE_DESCRIPTION, SITE_NAME, siteOrigin } from '../../lib/site';
import { Box, Container } from '@mantine/core';
import { FeaturesSection } from '../../features/marketing/components/features-section';
import { HeroSection } from '../../features/marketing/components/hero-section';
import { HowItWorksSection } from '../../features/marketing/components/how-it-works-section';
import { StatsSection } from '../../features/marketing/components/stats-section';
import { SubjectsSection } from '../../features/marketing/components/subjects-section';
import { TestimonialsSection } from '../../features/marketing/components/testimonials-section';
import { NewsletterBox } from '../../features/newsletter/components/newsletter-box';

export default function HomeRoute() {
  return (
    <>
      <PageMeta
        title="Exemplar — worked maths examples"
        path="/"
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SITE_NAME,
            url: `${siteOrigin()}/`,
            description: SITE_DESCRIPTION,
          },
        ]}
      />
      <HeroSection />
      <StatsSection />
      <FeaturesSection />
      <HowItWorksSection />
      <SubjectsSection />
      <TestimonialsSection />
      <Box component="section" aria-label="Newsletter" py={{ base: 56, sm: 88 }}>
        <Container>
          <NewsletterBox />
        </Container>
      </Box>
    </>
  );
}
