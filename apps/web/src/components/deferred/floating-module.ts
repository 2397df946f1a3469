import { deferredModule } from './deferred-module';

export const floating = deferredModule(() => import('./floating'));
