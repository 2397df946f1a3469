/**
 * `db`, but an insert's execution (`execute`, `executeTakeFirst`, `executeTakeFirstOrThrow`)
 * first awaits `before`: what another process does between a service's read and its write, for
 * the tests of such races on the real database. `into` limits it to inserts into that table. The
 * builder chain is proxied link by link.
 */
export function beforeInserts<T extends object>(
  db: T,
  before: () => Promise<unknown>,
  { into }: { into?: string } = {},
): T {
  const EXECUTES = new Set(['execute', 'executeTakeFirst', 'executeTakeFirstOrThrow']);
  const chained = <B extends object>(builder: B): B =>
    new Proxy(builder, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (typeof prop === 'string' && EXECUTES.has(prop)) {
          return async (...args: unknown[]) => {
            await before();
            return value.apply(target, args);
          };
        }
        return (...args: unknown[]) => {
          const next: unknown = value.apply(target, args);
          return next !== null && typeof next === 'object' ? chained(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      if (prop !== 'insertInto') return value.bind(target);
      return (table: unknown, ...rest: unknown[]) => {
        const builder = value.apply(target, [table, ...rest]);
        return into === undefined || table === into ? chained(builder) : builder;
      };
    },
  });
}
