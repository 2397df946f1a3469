// The health module's face: GET /api/health (liveness and readiness).
export { healthRoutes, HEALTHY_FOR_MS } from './health.routes';
