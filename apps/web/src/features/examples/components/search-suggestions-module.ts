import { deferredModule } from '../../../components/deferred/deferred-module';

/**
 * The search box's suggestions (the combobox, its dropdown with floating-ui, the suggestions
 * query), fetched the first time a pointer comes near the box or it gets focus: the /examples
 * page's first load stays within its budget (docs/decisions/006-bundle-budget.md).
 */
export const searchSuggestions = deferredModule(() => import('./search-suggestions'));
