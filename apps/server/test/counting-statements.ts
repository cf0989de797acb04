import type { KyselyPlugin } from 'kysely';

/** A Kysely plugin that counts the statements made through the database it is plugged into (`db.withPlugin`). */
export function countingStatements(): KyselyPlugin & { count: number } {
  const plugin = {
    count: 0,
    transformQuery: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => {
      plugin.count += 1;
      return args.node;
    },
    transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => args.result,
  };
  return plugin;
}
