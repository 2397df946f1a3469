import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** Cross-origin calls only from the origins the operator lists; none by default (same origin). */
export const corsPlugin = fp(
  async (app) => {
    await app.register(cors, {
      origin: app.config.CORS_ORIGINS.length ? app.config.CORS_ORIGINS : false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  },
  { name: 'cors', decorators: { fastify: ['config'] } },
);
