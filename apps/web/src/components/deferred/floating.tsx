/**
 * The Mantine components that position a floating element with floating-ui (with it about 30 KB
 * gzipped). Imported only through deferredModule (./use-hover-tooltip, ./deferred-select,
 * ./deferred-popover), so no page downloads them before they are used.
 */
export { Popover, Select, Tooltip } from '@mantine/core';
