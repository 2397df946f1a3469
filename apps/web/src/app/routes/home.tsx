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
      <title>Exemplar — worked maths examples</title>
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
