// The newsletter module's face.
export { newsletterRoutes, NEWSLETTER_LIMIT_PER_MINUTE } from './newsletter.routes';
export { newsletterService } from './newsletter.service';
