import { z } from 'zod';
import { EmailSchema } from './fields';

export const NewsletterRequestSchema = z.object({ email: EmailSchema }).strict();
export type NewsletterRequest = z.infer<typeof NewsletterRequestSchema>;
