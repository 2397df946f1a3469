import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMTP, or the dev outbox without SMTP_URL. */
    mailer: Mailer;
  }
}

export const mailerPlugin = fp(
  async (app) => {
    const { config } = app;
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      mailer.close();
    });
  },
  { name: 'mailer', decorators: { fastify: ['config'] } },
);
