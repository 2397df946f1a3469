import type { FastifyInstance } from 'fastify';
import { adminUsersRoutes } from '../../modules/admin-users';
import { attemptsRoutes } from '../../modules/attempts';
import { auditRoutes } from '../../modules/audit';
import { authRoutes } from '../../modules/auth';
import { catalogueRoutes } from '../../modules/catalogue/taxonomy';
import { catalogueWritesRoutes, exampleVersionsRoutes } from '../../modules/catalogue/writes';
import { publicCachePlugin } from './public-cache';
import { catalogueHealthRoutes } from '../../modules/catalogue/health';
import { catalogueIoRoutes } from '../../modules/catalogue/io';
import { examplesRoutes } from '../../modules/catalogue/examples';
import { healthRoutes } from '../../modules/health';
import { newsletterRoutes } from '../../modules/newsletter';
import { progressRoutes } from '../../modules/progress';
import { reviewsRoutes } from '../../modules/reviews';
import { compressionPlugin } from '../external/compression';
import { servicesPlugin } from './services';

/**
 * The /api scope (encapsulated: its hooks and decorators stay inside): the visitors' cache, then
 * compression (its onSend must come after the cache's), the services, then every module's routes.
 * A new module adds its service to plugins/app/services.ts and its routes here.
 */
export async function apiPlugin(api: FastifyInstance) {
  await api.register(publicCachePlugin);
  await api.register(compressionPlugin);
  await api.register(servicesPlugin);
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(adminUsersRoutes);
  await api.register(auditRoutes);
  await api.register(newsletterRoutes);
  await api.register(catalogueRoutes);
  await api.register(examplesRoutes);
  await api.register(catalogueWritesRoutes);
  await api.register(exampleVersionsRoutes);
  await api.register(catalogueIoRoutes);
  await api.register(catalogueHealthRoutes);
  await api.register(progressRoutes);
  await api.register(attemptsRoutes);
  await api.register(reviewsRoutes);
}
